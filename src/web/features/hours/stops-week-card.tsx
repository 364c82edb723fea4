/**
 * On /operating-hours: the truck's coming week exactly as its page shows it to customers (the same
 * public week answer), and what the owner shares: the calendar feed's address and the widget's
 * <iframe> snippet for their own site. Loaded on demand with its own strings (stops.json is not a
 * start-up catalogue), so it weighs nothing on the screen's first load. Default export for React.lazy.
 */
import type { StopWeek } from '@domain/hours';
import { intlLocale } from '@domain/locale';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import type { UiLang } from '../../app/lang-dir.slice';
import { useNamespace } from '../../i18n/namespaces';
import { Panel } from '../../ui/panel';

const stopsApi = api.injectEndpoints({
  endpoints: (build) => ({
    stopWeek: build.query<StopWeek, { truckId: string; slug: string }>({
      query: ({ slug }) => `/public/trucks/${encodeURIComponent(slug)}/week`,
      // Saving the hours or pausing refreshes it, as it does the editor.
      providesTags: (_result, _error, { truckId }) => [{ type: 'Hours' as const, id: truckId }],
    }),
  }),
});

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('stops');
  const [copied, setCopied] = useState(false);
  return (
    <label className="td-stops__share">
      <span>{label}</span>
      <span className="td-stops__copy">
        <Input.TextArea readOnly value={value} autoSize={{ minRows: 1, maxRows: 4 }} dir="ltr" data-testid={testId} onFocus={(event) => event.currentTarget.select()} />
        <Button onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}>{t(copied ? 'owner.copied' : 'owner.copy')}</Button>
      </span>
    </label>
  );
}

function WeekList({ week, lang }: { week: StopWeek; lang: UiLang }) {
  const { t } = useTranslation('stops');
  const time = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: week.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const dayName = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
  return (
    <ol className="td-stops__days" data-testid="owner-week">
      {week.days.map((day, index) => (
        <li key={day.date} data-kind={day.kind} data-testid={`owner-week-${day.date}`}>
          <strong>{index === 0 ? t('week.today') : index === 1 ? t('week.tomorrow') : dayName.format(new Date(`${day.date}T12:00:00Z`))}</strong>
          {day.kind === 'special' && <span className="td-stops__special">{t('week.special')}</span>}
          {day.kind === 'closed' ? (
            <span className="td-stops__muted">{t('week.closed')}</span>
          ) : day.stops.length === 0 ? (
            <span className="td-stops__muted">{t('week.noStops')}</span>
          ) : (
            <ul>
              {day.stops.map((stop) => (
                <li key={stop.opensAt}>
                  <span className="td-stops__time">{t('week.range', { opens: time.format(new Date(stop.opensAt)), closes: time.format(new Date(stop.closesAt)) })}</span>{' '}
                  <span>{stop.spot?.address || t('week.noSpot')}</span>
                  {!stop.deliveryEnabled && <span className="td-stops__muted"> ({t('week.noDelivery')})</span>}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

export default function StopsWeekCard({ truckId, publicPath }: { truckId: string; publicPath: string | null }) {
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const ready = useNamespace('stops');
  const { t } = useTranslation('stops');
  const slug = publicPath ? decodeURIComponent(publicPath.replace(/^\/t\//, '')) : null;
  const { data: week } = stopsApi.useStopWeekQuery(slug ? { truckId, slug } : { truckId, slug: '' }, { skip: !slug });
  if (!ready) return null;
  const origin = window.location.origin;
  const feed = slug ? `${origin}/api/v1/public/trucks/${encodeURIComponent(slug)}/stops.ics?lang=${lang}` : '';
  const widget = slug ? `${origin}/t/${encodeURIComponent(slug)}/widget?lang=${lang}` : '';
  const snippet = `<iframe src="${widget}" title="${t('widget.title')}" width="320" height="360" style="border:0;max-width:100%" loading="lazy"></iframe>`;
  return (
    <>
      <Panel title={t('owner.title')} testId="owner-week-card">
        {!slug ? (
          <p className="td-hours__hint">{t('owner.noPage')}</p>
        ) : (
          <>
            <p className="td-hours__hint">{t('owner.intro')}</p>
            {week && <WeekList week={week} lang={lang} />}
          </>
        )}
      </Panel>
      {slug && (
        <Panel title={t('owner.shareTitle')} testId="owner-share-card">
          <div className="td-stops__shares">
            <CopyField label={t('owner.feedLabel')} value={feed} testId="owner-feed-url" />
            <CopyField label={t('owner.widgetLabel')} value={snippet} testId="owner-widget-snippet" />
            <a href={widget} target="_blank" rel="noopener noreferrer">
              {t('owner.preview')}
            </a>
          </div>
        </Panel>
      )}
    </>
  );
}
