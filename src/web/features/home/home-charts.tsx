/**
 * /home's three charts: orders per hour today, sales for the last 14 days and the top 5 items of
 * the last 7 days. Measured against chart libraries (docs/decisions/012-home-figures.md), plain
 * HTML bars weigh a few KiB instead of 17–170 KiB, lay themselves out right to left in Arabic (a flex
 * row follows the page's direction) and read out as text; numbers and dates come from Intl in the
 * interface language. Loaded lazily with the screen's figures.
 */
import type { TruckHome } from '@domain/home';
import { dateTimeFormat, detailSeparator } from '@domain/locale';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLang } from '../../app/lang-dir.slice';
import { Panel } from '../../ui/panel';
import { calendarDate, money as formatMoney } from './home-format';
import { nameIn } from '@domain/names';

interface Bar {
  key: string;
  label: string;
  value: number;
  /** What the bar says when read out or hovered. */
  title: string;
  current?: boolean;
}

function Columns({ bars, label, testId }: { bars: Bar[]; label: string; testId: string }) {
  const top = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <div className="td-chart" role="list" aria-label={label} data-testid={testId}>
      {bars.map((bar) => (
        <div key={bar.key} className={bar.current ? 'td-chart__col td-chart__col--current' : 'td-chart__col'} role="listitem" title={bar.title} aria-label={bar.title} data-value={bar.value}>
          <span className="td-chart__bar" style={{ blockSize: `${(bar.value / top) * 100}%` }} />
          <span className="td-chart__label" aria-hidden="true">
            {bar.label}
          </span>
        </div>
      ))}
    </div>
  );
}

const hourLabel = (hour: number, lang: UiLang) => dateTimeFormat(lang, { hour: 'numeric', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, hour));
const dayLabel = calendarDate;

export default function HomeCharts({ summary, lang }: { summary: TruckHome; lang: UiLang }) {
  const { t } = useTranslation('home');
  const [ranking, setRanking] = useState<'quantity' | 'revenue'>('quantity');
  const money = (minor: number) => formatMoney(minor, summary.currency, lang);
  const nowHour = Number(new Intl.DateTimeFormat('en', { hour: 'numeric', hourCycle: 'h23', timeZone: summary.timeZone }).format(new Date(summary.asOf)));

  const hourly: Bar[] = summary.hourly.map((entry) => ({
    key: String(entry.hour),
    // Every third hour is labelled; the rest stay readable through their title.
    label: entry.hour % 3 === 0 ? hourLabel(entry.hour, lang) : '',
    value: entry.orders,
    title: t('charts.hourBar', { hour: hourLabel(entry.hour, lang), count: entry.orders }),
    current: entry.hour === nowHour,
  }));
  const daily: Bar[] = summary.daily.map((entry, index) => ({
    key: entry.date,
    label: dayLabel(entry.date, lang, { day: 'numeric' }),
    value: entry.revenue ?? entry.orders,
    title: t(entry.revenue === null ? 'charts.dayBarOrders' : 'charts.dayBar', {
      date: dayLabel(entry.date, lang, { weekday: 'short', day: 'numeric', month: 'short' }),
      count: entry.orders,
      revenue: entry.revenue === null ? '' : money(entry.revenue),
    }),
    current: index === summary.daily.length - 1,
  }));
  const items = ranking === 'revenue' && summary.revenueVisible ? summary.topItems.byRevenue : summary.topItems.byQuantity;
  const itemTop = Math.max(1, ...items.map((item) => (ranking === 'revenue' ? (item.revenue ?? 0) : item.quantity)));

  return (
    <div className="td-home__charts">
      <Panel title={t('charts.hourly')} testId="chart-hourly">
        <Columns bars={hourly} label={t('charts.hourly')} testId="chart-hourly-bars" />
      </Panel>
      <Panel title={summary.revenueVisible ? t('charts.dailySales') : t('charts.dailyOrders')} testId="chart-daily">
        <Columns bars={daily} label={t('charts.dailySales')} testId="chart-daily-bars" />
      </Panel>
      <Panel
        title={t('charts.topItems')}
        testId="chart-top-items"
        extra={
          summary.revenueVisible && (
            <div className="td-home__toggle" role="group" aria-label={t('charts.rankBy')}>
              {(['quantity', 'revenue'] as const).map((by) => (
                <button key={by} type="button" className="td-home__toggle-button" aria-pressed={ranking === by} onClick={() => setRanking(by)} data-testid={`rank-${by}`}>
                  {t(`charts.by.${by}`)}
                </button>
              ))}
            </div>
          )
        }
      >
        {items.length === 0 ? (
          <p className="td-home__muted">{t('charts.noItems')}</p>
        ) : (
          <ol className="td-top-items" data-testid="top-items">
            {items.map((item) => {
              const value = ranking === 'revenue' ? (item.revenue ?? 0) : item.quantity;
              return (
                <li key={item.itemId} className="td-top-items__row">
                  <span className="td-top-items__name">{nameIn(item, lang)}</span>
                  <span className="td-top-items__value">
                    {t('charts.sold', { count: item.quantity })}
                    {item.revenue !== null && `${detailSeparator(lang)}${money(item.revenue)}`}
                  </span>
                  <span className="td-top-items__track" aria-hidden="true">
                    <span className="td-top-items__bar" style={{ inlineSize: `${(value / itemTop) * 100}%` }} />
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </Panel>
    </div>
  );
}
