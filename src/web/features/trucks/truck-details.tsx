/** Everything the vendor entered, read-only: the wizard's last step, truck info and the admin's review show it. */
import { detailSeparator } from '@domain/locale';
import type { Truck } from '@domain/trucks';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BaseOnMap } from './base-on-map';
import { useLang, useTruckName } from './truck-name';

function Facts({ title, facts }: { title: string; facts: [label: string, value: ReactNode][] }) {
  return (
    <section className="td-facts">
      <h3>{title}</h3>
      <dl>
        {facts.map(([label, value]) => (
          <div key={label} className="td-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function TruckDetails({ truck, showMap = false, extra }: { truck: Truck; showMap?: boolean; extra?: ReactNode }) {
  const { t } = useTranslation('trucks');
  const truckName = useTruckName();
  const lang = useLang();
  const name = truckName(truck.basics);
  const { basics, location } = truck;
  const dash = '—';
  return (
    <div className="td-truck-details" data-testid="truck-details">
      <header className="td-truck-details__header">
        {truck.logo && <img src={truck.logo.url} alt={t('files.logoAlt', { name })} className="td-truck-details__logo" />}
        <div>
          <h2 className="td-truck-details__name">
            <bdi lang="en">{basics.nameEn || dash}</bdi>
            {detailSeparator(lang)}
            <bdi lang="ar">{basics.nameAr || dash}</bdi>
          </h2>
          <div className="td-tags">
            {basics.cuisines.map((cuisine) => (
              <Tag key={cuisine}>{t(`cuisines.${cuisine}`)}</Tag>
            ))}
          </div>
        </div>
        {extra}
      </header>
      <Facts
        title={t('info.details')}
        facts={[
          [t('fields.descriptionEn'), <bdi lang="en">{basics.descriptionEn || dash}</bdi>],
          [t('fields.descriptionAr'), <bdi lang="ar">{basics.descriptionAr || dash}</bdi>],
          ...(truck.slug ? [[t('info.publicLink'), <bdi dir="ltr">{truck.slug}</bdi>] as [string, ReactNode]] : []),
        ]}
      />
      <section>
        <h3>{t('info.photos')}</h3>
        {truck.photos.length === 0 ? (
          <p className="td-muted">{t('info.noPhotos')}</p>
        ) : (
          <ul className="td-photo-strip">
            {truck.photos.map((photo, index) => (
              <li key={photo.id}>
                <a href={photo.url} target="_blank" rel="noopener">
                  <img src={photo.url} alt={t('files.photoAlt', { n: index + 1, name })} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Facts
        title={t('info.contact')}
        facts={[
          [t('fields.baseCity'), location.baseCity || dash],
          [t('fields.address'), location.address || dash],
          [t('fields.location'), <bdi dir="ltr">{location.location ? `${location.location.lat}, ${location.location.lng}` : t('map.noPin')}</bdi>],
          [t('fields.phone'), <bdi dir="ltr">{location.phone ?? dash}</bdi>],
          [t('fields.email'), <bdi dir="ltr">{location.email ?? dash}</bdi>],
          [t('fields.currency'), location.currency],
          [t('fields.timeZone'), <bdi dir="ltr">{location.timeZone}</bdi>],
        ]}
      />
      {showMap && location.location && <BaseOnMap value={location.location} />}
      <Facts
        title={t('info.vehicle')}
        facts={[
          [t('fields.vehicleLengthM'), location.vehicleLengthM ?? dash],
          [t('fields.powerSource'), location.powerSource ? t(`powerSources.${location.powerSource}`) : dash],
          [t('fields.licensePlate'), <bdi dir="ltr">{location.licensePlate || dash}</bdi>],
        ]}
      />
    </div>
  );
}
