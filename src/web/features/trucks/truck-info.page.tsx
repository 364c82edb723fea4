/**
 * /truck-info: the current truck's details, photos, documents and status, with expiry warnings and
 * the review's notes; an edit mode for the parts the vendor may change in the truck's status (a
 * suspended truck's owner replaces its documents only).
 */
import { mayOnTruck } from '@domain/access';
import type { Truck } from '@domain/trucks';
import { documentsEditable, isEditable } from '@domain/trucks/flow';
import { Alert, Button, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentTruck } from '../../app/current-truck';
import { NoTruck } from '../../app/no-truck';
import { TruckInfoSections } from '../../app/truck-info-sections';
import { DocumentTable } from './document-table';
import { ReviewHistory } from './review-history';
import { TruckAlerts } from './truck-alerts';
import { TruckDetails } from './truck-details';
import { StatusTag } from './truck-labels';
import { useTruckQuery } from './trucks.api';
import './trucks.css';

/** The forms load when the vendor chooses to edit. */
const EditTruck = lazy(() => import('./truck-edit'));
/** The public link, QR code and poster (with the QR library) load with the details of a truck that has a page. */
const TruckShare = lazy(() => import('./truck-share'));
/** Tax and tips, the owner's: its words and form load with it. */
const MoneySettingsSection = lazy(() => import('./money-settings-section'));

function StatusNotice({ truck }: { truck: Truck }) {
  const { t } = useTranslation('trucks');
  switch (truck.status) {
    case 'approved':
      return truck.tradingBlocks.length === 0 ? <Alert type="success" showIcon title={t('info.mayTrade')} data-testid="status-notice" /> : null;
    case 'draft':
      return (
        <Alert type="info" showIcon title={t('info.draft')} data-testid="status-notice" action={<Link to="/truck-register">{t('info.continue')}</Link>} />
      );
    case 'submitted':
      return <Alert type="info" showIcon title={t('info.submitted')} data-testid="status-notice" />;
    default:
      return (
        <Alert
          type={truck.status === 'changes_requested' ? 'warning' : 'error'}
          showIcon
          data-testid="status-notice"
          title={t(`info.${truck.status}`)}
          description={truck.reviewNotes && <span data-testid="review-notes">{`${t('info.notes')}: ${truck.reviewNotes}`}</span>}
          action={truck.status === 'changes_requested' && <Link to="/truck-register">{t('info.makeChanges')}</Link>}
        />
      );
  }
}

function TruckInfo({ truck }: { truck: Truck }) {
  const { t } = useTranslation('trucks');
  /** The part of the edit mode open, or null while the details show. */
  const [editing, setEditing] = useState<'basics' | 'documents' | null>(null);
  const canEdit = truck.relation === 'owner' && isEditable(truck.status);
  const canReplaceDocuments = truck.relation === 'owner' && documentsEditable(truck.status);
  return (
    <div className="td-page td-page--stack" data-testid="truck-info">
      <StatusNotice truck={truck} />
      <TruckAlerts truck={truck} onRenew={canReplaceDocuments && editing !== 'documents' ? () => setEditing('documents') : undefined} />
      <div className="td-page__toolbar">
        <StatusTag status={truck.status} />
        {canEdit ? (
          <Button type={editing ? 'default' : 'primary'} onClick={() => setEditing(editing ? null : 'basics')} data-testid="edit-toggle">
            {editing ? t('info.done') : t('info.edit')}
          </Button>
        ) : (
          <>
            <span className="td-muted">{t('info.lockedHint', { status: t(`status.${truck.status}`) })}</span>
            {canReplaceDocuments && (
              <Button type={editing ? 'default' : 'primary'} onClick={() => setEditing(editing ? null : 'documents')} data-testid="documents-toggle">
                {editing ? t('info.done') : t('info.replaceDocuments')}
              </Button>
            )}
          </>
        )}
      </div>
      {editing && (canEdit || canReplaceDocuments) ? (
        <Suspense fallback={<Skeleton active />}>
          <EditTruck key={editing} truck={truck} initialPart={canEdit ? editing : 'documents'} parts={canEdit ? undefined : ['documents']} />
        </Suspense>
      ) : (
        <>
          <TruckDetails truck={truck} showMap />
          {truck.status === 'approved' && truck.slug && (
            <Suspense fallback={null}>
              <TruckShare truck={truck} />
            </Suspense>
          )}
          <section>
            <h3>{t('info.documents')}</h3>
            <DocumentTable documents={truck.documents} />
          </section>
          <section>
            <h3>{t('info.history')}</h3>
            <ReviewHistory events={truck.history} />
          </section>
          {truck.relation !== 'admin' && mayOnTruck(truck.relation, 'truck.edit') && (
            <Suspense fallback={<Skeleton active />}>
              <MoneySettingsSection truckId={truck.id} currency={truck.location.currency} />
            </Suspense>
          )}
          <TruckInfoSections truckId={truck.id} relation={truck.relation} />
        </>
      )}
    </div>
  );
}

export function Component() {
  const { t } = useTranslation('trucks');
  const { truckId, loaded } = useCurrentTruck();
  const { data: truck, isFetching } = useTruckQuery(truckId ?? '', { skip: !truckId });
  if (loaded && !truckId) {
    return <NoTruck purpose={t('info.noTruck')} />;
  }
  // A switch of truck shows the other truck, never the previous one's details under its name.
  if (!truck || truck.id !== truckId) return <Skeleton active loading={isFetching || !truck} />;
  return <TruckInfo key={truck.id} truck={truck} />;
}
