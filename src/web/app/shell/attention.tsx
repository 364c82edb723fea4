/**
 * What wants the vendor's attention, per sidebar screen: a feature reports a count for its screen
 * (new orders nobody has acknowledged yet), the sidebar shows it on that screen's entry and the tab
 * title puts the total in front, so it shows from any screen and from another browser tab.
 *
 *   useReportAttention('/orders', ringing.length);   // in the feature
 *   const counts = useAttention();                    // in the shell
 */
import { numberFormat } from '@domain/locale';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { UiLang } from '../lang-dir.slice';

type Counts = Readonly<Record<string, number>>;

interface AttentionStore {
  counts: Counts;
  report(path: string, count: number): void;
}

const AttentionContext = createContext<AttentionStore | null>(null);

export function AttentionProvider({ children }: { children: ReactNode }) {
  const [counts, setCounts] = useState<Counts>({});
  // Stable, so a reporter's effects do not run again each time some count changes.
  const report = useCallback(
    (path: string, count: number) => setCounts((current) => ((current[path] ?? 0) === count ? current : { ...current, [path]: count })),
    [],
  );
  const value = useMemo<AttentionStore>(() => ({ counts, report }), [counts, report]);
  return <AttentionContext.Provider value={value}>{children}</AttentionContext.Provider>;
}

/** Counts per screen path (0 or missing: nothing to see). */
export function useAttention(): Counts {
  return useContext(AttentionContext)?.counts ?? {};
}

/** A count in the interface's digits (Arabic-Indic in Arabic, as the order screens write them). */
export function formatCount(count: number, lang: UiLang): string {
  return numberFormat(lang).format(count);
}

export function attentionTotal(counts: Counts): number {
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

/** Reports this screen's count while the caller is mounted; it returns to 0 when it unmounts. */
export function useReportAttention(path: string, count: number): void {
  const report = useContext(AttentionContext)?.report;
  useEffect(() => {
    report?.(path, count);
  }, [report, path, count]);
  useEffect(() => () => report?.(path, 0), [report, path]);
}
