/** The wizard's last step: what is still missing, everything entered, and the submission. */
import type { Truck } from '@domain/trucks';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify/unstyled';
import { notify } from '../../ui/notify';
import { DocumentTable } from './document-table';
import { useProblemText } from './form-support';
import { ProblemList } from './problem-list';
import { TruckDetails } from './truck-details';
import { StatusTag } from './truck-labels';
import { useTruckName } from './truck-name';
import { useSubmitTruckMutation } from './trucks.api';

export default function ReviewStep({ truck, back, onSubmitted }: { truck: Truck; back: ReactNode; onSubmitted(truck: Truck): void }) {
  const { t } = useTranslation('trucks');
  const textOf = useProblemText();
  const truckName = useTruckName();
  const [submit, { isLoading }] = useSubmitTruckMutation();

  const submitApplication = async () => {
    try {
      const submitted = await submit({ truckId: truck.id }).unwrap();
      notify.success('trucks:wizard.submittedTitle');
      onSubmitted(submitted);
    } catch (error) {
      toast.error(textOf(error));
    }
  };

  return (
    <>
      <p>{t('wizard.reviewIntro')}</p>
      <ProblemList problems={truck.problems} />
      <TruckDetails truck={truck} extra={<StatusTag status={truck.status} />} />
      <h3>{t('info.documents')}</h3>
      <DocumentTable documents={truck.documents} />
      <Space wrap className="td-wizard__actions">
        {back}
        <Button
          type="primary"
          size="large"
          disabled={truck.problems.length > 0}
          loading={isLoading}
          onClick={() => void submitApplication()}
          data-testid="wizard-submit"
          aria-label={`${t('wizard.submit')}: ${truckName(truck.basics)}`}
        >
          {t('wizard.submit')}
        </Button>
      </Space>
    </>
  );
}
