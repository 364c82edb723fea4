/** Who the truck is, whether it takes orders now (the shared availability answer) and where it stands. */
import { lazy, Suspense, useState } from 'react';
import { useWording } from './i18n';
import { LanguageSwitch } from './language-switch';
import type { Availability, StorefrontTruck } from './page-data';
import type { PageFormat } from './format';
import { detailSeparator } from '@domain/locale';
import { descriptionIn, nameIn } from '@domain/names';

const SpotMap = lazy(() => import('./spot-map'));

export function statusLine(truck: StorefrontTruck, availability: Availability, format: PageFormat, t: (key: string, params?: Record<string, string>) => string): { text: string; open: boolean } {
  if (truck.notTrading) return { text: t(truck.notTrading === 'not_approved' ? 'truck.notApproved' : 'truck.papersExpired'), open: false };
  const { status } = availability;
  if (status.open) return { text: t('truck.openUntil', { time: format.time(status.until) }), open: true };
  if (status.reason === 'not_trading') return { text: t('truck.papersExpired'), open: false };
  if (!status.opensAt) return { text: t('truck.closedNoHours'), open: false };
  const today = format.isToday(status.opensAt);
  const paused = status.reason === 'paused';
  if (today) return { text: t(paused ? 'truck.pausedUntil' : 'truck.closedOpensToday', { time: format.time(status.opensAt) }), open: false };
  return { text: t(paused ? 'truck.pausedOpens' : 'truck.closedOpens', { when: format.when(status.opensAt) }), open: false };
}

export function TruckHeader({ truck, availability, format }: { truck: StorefrontTruck; availability: Availability; format: PageFormat }) {
  const { lang, t } = useWording();
  const [mapOpen, setMapOpen] = useState(false);
  const status = statusLine(truck, availability, format, t);
  const description = descriptionIn(truck, lang);
  return (
    <header className="sf-header">
      <div className="sf-header__top">
        {truck.logoUrl ? <img className="sf-logo" src={truck.logoUrl} alt="" width={64} height={64} /> : <div className="sf-logo sf-logo--empty" aria-hidden="true" />}
        <div className="sf-header__names">
          <h1>{nameIn(truck, lang)}</h1>
          {truck.cuisines.length > 0 && <p className="sf-muted">{truck.cuisines.map((cuisine) => t(`cuisines.${cuisine}`)).join(detailSeparator(lang))}</p>}
        </div>
        <LanguageSwitch />
      </div>
      {description && <p className="sf-description">{description}</p>}
      <p className={status.open ? 'sf-status sf-status--open' : 'sf-status sf-status--closed'} role="status" data-testid="truck-status">
        {status.text}
      </p>
      <div className="sf-header__contact">
        {truck.phone && (
          <a className="sf-link-button" href={`tel:${truck.phone}`}>
            {t('truck.call', { phone: truck.phone })}
          </a>
        )}
        {truck.spot && (
          <>
            <span className="sf-muted">{t(availability.status.open ? 'truck.todaySpot' : 'truck.nextSpot', { address: truck.spot.address })}</span>
            <button type="button" className="sf-link-button" aria-expanded={mapOpen} onClick={() => setMapOpen(!mapOpen)}>
              {t(mapOpen ? 'truck.hideMap' : 'truck.showMap')}
            </button>
          </>
        )}
      </div>
      {mapOpen && truck.spot && (
        <Suspense fallback={<div className="sf-map sf-map--loading" />}>
          <SpotMap point={truck.spot} label={t('truck.mapLabel')} zoomLabels={{ zoomIn: t('truck.zoomIn'), zoomOut: t('truck.zoomOut') }} />
        </Suspense>
      )}
    </header>
  );
}
