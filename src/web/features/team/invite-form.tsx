/**
 * The Team section's invite form: an e-mail and an optional name, checked by the accounts' rules as
 * they are typed; a refusal (already a member, already invited) shows in words above the fields. Its
 * own module so that /truck-info loads antd's Form and the schemas only once the owner opens it.
 */
import { InviteSchema, type Invite } from '@domain/team';
import { EmailSchema, FullNameSchema } from '@domain/accounts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { problemOf } from '../../ui/api-problem';
import { contractRule, showFormProblem } from '../../ui/form-problems';
import { notify } from '../../ui/notify';
import { TEAM_SECTION_NS } from './team-section-strings';
import { useInviteMutation } from './team.api';

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export default function InviteForm({ truckId }: { truckId: string }) {
  const { t } = useTranslation(TEAM_SECTION_NS);
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const [form] = Form.useForm<Invite>();
  const [invite, { isLoading }] = useInviteMutation();
  const [message, setMessage] = useState<string | null>(null);

  const onFinish = async (values: Invite) => {
    setMessage(null);
    const body = InviteSchema.parse({ email: values.email, ...(isBlank(values.name) ? {} : { name: values.name }) });
    try {
      await invite({ truckId, body }).unwrap();
      form.resetFields();
      notify.success(`${TEAM_SECTION_NS}:invite.sent`, { email: body.email });
    } catch (error) {
      setMessage(showFormProblem(form, problemOf(error), lang, t('team:failed')));
    }
  };

  return (
    <Form form={form} name="invite" layout="vertical" requiredMark={false} onFinish={onFinish} className="td-team__form" data-testid="invite-form">
      <h3>{t('invite.title')}</h3>
      {message && <Alert type="error" showIcon title={message} role="alert" data-testid="invite-problem" />}
      <div className="td-team__fields">
        <Form.Item name="email" label={t('invite.email')} rules={[contractRule(EmailSchema, lang, { required: true, isEmpty: isBlank })]}>
          <Input type="email" autoComplete="off" inputMode="email" dir="ltr" autoFocus data-testid="invite-email" />
        </Form.Item>
        <Form.Item name="name" label={t('invite.name')} rules={[contractRule(FullNameSchema, lang, { required: false, isEmpty: isBlank })]}>
          <Input autoComplete="off" data-testid="invite-name" />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" loading={isLoading} data-testid="invite-submit">
        {t('invite.submit')}
      </Button>
    </Form>
  );
}
