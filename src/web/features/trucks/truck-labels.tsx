/** A truck's application status as a coloured tag. */
import type { TruckStatus } from '@domain/trucks';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<TruckStatus, string> = {
  draft: 'default',
  submitted: 'processing',
  changes_requested: 'warning',
  approved: 'success',
  rejected: 'error',
  suspended: 'error',
};

export function StatusTag({ status }: { status: TruckStatus }) {
  const { t } = useTranslation('trucks');
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="truck-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
