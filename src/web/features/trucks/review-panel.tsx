/** One application as the admin reviews it: the decisions its status allows, every field, every document, the history. */
import { Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocumentTable } from './document-table';
import { ReviewActions } from './review-actions';
import { ReviewHistory } from './review-history';
import { TruckDetails } from './truck-details';
import { StatusTag } from './truck-labels';
import { useTruckQuery } from './trucks.api';

export default function ReviewPanel({ truckId }: { truckId: string }) {
  const { t } = useTranslation('trucks');
  const { data: truck } = useTruckQuery(truckId);
  if (!truck) return <Skeleton active />;
  return (
    <Space orientation="vertical" size="large" className="td-page" data-testid="review-panel" data-status={truck.status}>
      <ReviewActions truck={truck} />
      <p>
        {t('admin.owner')}: {truck.owner.fullName && <bdi>{truck.owner.fullName}</bdi>} <bdi dir="ltr">{truck.owner.email}</bdi>
      </p>
      <TruckDetails truck={truck} extra={<StatusTag status={truck.status} />} />
      <section>
        <h3>{t('info.documents')}</h3>
        <DocumentTable documents={truck.documents} />
      </section>
      <section>
        <h3>{t('info.history')}</h3>
        <ReviewHistory events={truck.history} />
      </section>
    </Space>
  );
}
