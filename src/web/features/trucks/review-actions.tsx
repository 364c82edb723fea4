/** The admin's decisions on one truck: only those its status allows; a reason where the flow asks for one. */
import type { ReviewCommand, Truck } from '@domain/trucks';
import { allowedReviewActions } from '@domain/trucks/flow';
import { Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify/unstyled';
import { useProblemText, zodRule } from './form-support';
import { useLang } from './truck-name';
import { useTruckName } from './truck-name';
import { useReviewTruckMutation } from './trucks.api';

type ReasonAction = Extract<ReviewCommand, { reason: string }>['action'];
const needsReason = (action: string): action is ReasonAction => action === 'request_changes' || action === 'reject' || action === 'suspend';

function ReasonDialog({ action, name, onCancel, onDecide }: { action: ReasonAction; name: string; onCancel(): void; onDecide(reason: string): Promise<void> }) {
  const { t } = useTranslation('trucks');
  const lang = useLang();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t(`review.reasonTitle.${action}`)}
      okText={t(`review.actions.${action}`)}
      cancelText={t('review.cancel')}
      okButtonProps={{ danger: action !== 'request_changes', loading: busy, 'data-testid': 'reason-confirm' }}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p className="td-muted">{name}</p>
      <Form
        form={form}
        layout="vertical"
        onFinish={async ({ reason }) => {
          setBusy(true);
          await onDecide(reason).finally(() => setBusy(false));
        }}
      >
        <Form.Item name="reason" label={t('review.reasonLabel')} rules={[zodRule((c) => c.ReasonSchema, lang, true)]} required>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={500} showCount data-testid="reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ReviewActions({ truck }: { truck: Truck }) {
  const { t } = useTranslation('trucks');
  const textOf = useProblemText();
  const truckName = useTruckName();
  const name = truckName(truck.basics);
  const [review, { isLoading }] = useReviewTruckMutation();
  const [asking, setAsking] = useState<ReasonAction | null>(null);
  const actions = allowedReviewActions(truck.status);

  const decide = async (command: ReviewCommand) => {
    try {
      await review({ truckId: truck.id, command }).unwrap();
      toast.success(t(`review.done.${command.action}`, { name }));
      setAsking(null);
    } catch (error) {
      toast.error(textOf(error));
    }
  };

  if (actions.length === 0) return <p className="td-muted">{t('admin.noActions')}</p>;
  return (
    <Space wrap data-testid="review-actions">
      {actions.map((action) =>
        needsReason(action) ? (
          <Button key={action} danger={action !== 'request_changes'} onClick={() => setAsking(action)} data-testid={`review-${action}`}>
            {t(`review.actions.${action}`)}
          </Button>
        ) : (
          <Popconfirm
            key={action}
            title={t(`review.confirm.${action}`, { name })}
            okText={t(`review.actions.${action}`)}
            cancelText={t('review.cancel')}
            okButtonProps={{ 'data-testid': 'review-confirm' }}
            onConfirm={() => decide({ action } as ReviewCommand)}
          >
            <Button type="primary" loading={isLoading} data-testid={`review-${action}`}>
              {t(`review.actions.${action}`)}
            </Button>
          </Popconfirm>
        ),
      )}
      {asking && <ReasonDialog action={asking} name={name} onCancel={() => setAsking(null)} onDecide={(reason) => decide({ action: asking, reason })} />}
    </Space>
  );
}
