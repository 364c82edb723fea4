/** A bottom sheet (a modal dialog): focus stays inside, Escape and the close button leave it. */
import { useEffect, useRef, type ReactNode } from 'react';

export function Sheet({ title, closeLabel, onClose, children }: { title: string; closeLabel: string; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('sf-locked');
    if (!ref.current?.contains(document.activeElement)) ref.current?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('sf-locked');
      before?.focus?.();
    };
  }, []);
  return (
    <div className="sf-backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={ref} className="sf-sheet" role="dialog" aria-modal="true" aria-labelledby="sf-sheet-title" tabIndex={-1}>
        <div className="sf-sheet__head">
          <h2 id="sf-sheet-title">{title}</h2>
          <button type="button" className="sf-round" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
