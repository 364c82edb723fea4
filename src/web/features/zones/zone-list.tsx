/** The zones as a table: name, shape, fee rules in order, minimum order, estimate, and the active switch. */
import type { Lang } from '@domain/errors';
import { detailSeparator } from '@domain/locale';
import type { Currency } from '@domain/money';
import { formatMoney } from '@domain/money/minor';
import type { FeeRule, Zone } from '@domain/zones';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { Notice } from '../../ui/notice';

type Translate = (key: string, values?: Record<string, unknown>) => string;

export function feeSummary(rules: readonly FeeRule[], currency: Currency, lang: Lang, t: Translate): string {
  const money = (minor: number) => formatMoney(minor, currency, lang);
  return rules
    .map((rule) => {
      const fee = rule.fee === null ? t('fees.noDeliveryShort') : rule.fee === 0 ? t('test.free') : money(rule.fee);
      if (rule.when === 'all') return t('fees.summaryAll', { fee });
      return t(rule.when === 'above' ? 'fees.summaryAbove' : 'fees.summaryBelow', { amount: money(rule.subtotal), fee });
    })
    .join(detailSeparator(lang));
}

export interface ZoneListProps {
  zones: readonly Zone[];
  currency: Currency;
  canWrite: boolean;
  /** The zone whose switch is being saved. */
  switching: string | null;
  onEdit(zone: Zone): void;
  onToggle(zone: Zone): void;
}

export function ZoneList({ zones, currency, canWrite, switching, onEdit, onToggle }: ZoneListProps) {
  const { t } = useTranslation('zones');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  if (zones.length === 0) return <Notice kind="info">{t('list.empty')}</Notice>;
  return (
    <div className="td-zone-table__scroll">
      <table className="td-zone-table" data-testid="zone-list">
        <caption className="td-visually-hidden">{t('list.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('list.name')}</th>
            <th scope="col">{t('list.shape')}</th>
            <th scope="col">{t('list.fees')}</th>
            <th scope="col">{t('list.minimum')}</th>
            <th scope="col">{t('list.estimate')}</th>
            <th scope="col" id="zone-list-active">
              {t('list.active')}
            </th>
            {canWrite && (
              <th scope="col">
                <span className="td-visually-hidden">{t('list.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {zones.map((zone) => (
            <tr key={zone.id} data-testid="zone-row">
              <th scope="row" id={`zone-${zone.id}-name`}>
                <bdi translate="no">{zone.name}</bdi>
              </th>
              <td>{t(`shape.kinds.${zone.shape.kind}`)}</td>
              <td>{feeSummary(zone.feeRules, currency, lang, t)}</td>
              <td>{formatMoney(zone.minimumOrder, currency, lang)}</td>
              <td>{t('list.minutes', { count: zone.estimatedMinutes })}</td>
              <td>
                <input
                  type="checkbox"
                  className="td-zone-table__switch"
                  checked={zone.active}
                  disabled={!canWrite || switching === zone.id}
                  onChange={() => onToggle(zone)}
                  aria-labelledby={`zone-list-active zone-${zone.id}-name`}
                />
              </td>
              {canWrite && (
                <td>
                  <Button size="small" onClick={() => onEdit(zone)}>
                    {t('list.edit')}
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
