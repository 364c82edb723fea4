/** The truck page's "order again": the customer's last order here, from this device, back in the basket with what is still available. */
import { nameIn } from '@domain/names';
import { useMemo, useState } from 'react';
import { loadPastOrders, orderAgainLines, type CartLine } from './cart';
import type { PageFormat } from './format';
import { useWording } from './i18n';
import type { PublicMenuItem } from './page-data';

export interface OrderAgainProps {
  slug: string;
  items: Map<string, PublicMenuItem>;
  format: PageFormat;
  onRefill(lines: readonly Omit<CartLine, 'key'>[]): void;
}

export function OrderAgain({ slug, items, format, onRefill }: OrderAgainProps) {
  const { lang, t } = useWording();
  const last = useMemo(() => loadPastOrders(slug)[0], [slug]);
  const [notice, setNotice] = useState<string | null>(null);
  if (!last) return null;
  const summary = last.lines
    .map((line) => {
      const item = items.get(line.itemId);
      return item ? `${format.number(line.qty)}× ${nameIn(item, lang)}` : null;
    })
    .filter((text): text is string => text !== null)
    .join(lang === 'ar' ? '، ' : ', ');
  const refill = () => {
    const { lines, left } = orderAgainLines(last, items);
    if (lines.length === 0) {
      setNotice(t('again.noneLeft'));
      return;
    }
    setNotice(left > 0 ? t('again.left', { count: left }) : null);
    onRefill(lines);
  };
  return (
    <section className="sf-again" aria-labelledby="sf-again-title" data-testid="order-again">
      <h2 id="sf-again-title">{t('again.title')}</h2>
      <p className="sf-muted">{summary ? t('again.summary', { when: format.date(last.placedAt), items: summary }) : t('again.summaryGone', { when: format.date(last.placedAt) })}</p>
      <button type="button" className="sf-secondary" onClick={refill} data-testid="order-again-button">
        {t('again.button')}
      </button>
      {notice && (
        <p className="sf-muted" role="status" data-testid="order-again-notice">
          {notice}
        </p>
      )}
    </section>
  );
}
