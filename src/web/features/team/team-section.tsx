/**
 * The Team section of /truck-info, for the truck's owner: the members (owner and staff, each staff
 * member removable), the invitations not yet accepted (resend, withdraw), and the invite form.
 * Its own component, loaded by the truck info page through app/truck-info-sections.tsx.
 */
import { InviteSchema, type Invitation, type Invite, type TeamMember } from '@domain/team';
import { EmailSchema, FullNameSchema } from '@domain/accounts';
import { Alert, Button, Form, Input, Popconfirm, Skeleton, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify/unstyled';
import { useAppSelector } from '../../app/hooks';
import { problemMessage, problemOf } from '../../ui/api-problem';
import { contractRule, showFormProblem } from '../../ui/form-problems';
import { useFormat } from '../../app/use-format';
import { notify } from '../../ui/notify';
import { Panel } from '../../ui/panel';
import { useInviteMutation, useRemoveMemberMutation, useResendInvitationMutation, useTeamQuery, useWithdrawInvitationMutation } from './team.api';
import './team.css';

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const displayName = (person: { fullName: string | null; email: string }) => person.fullName || person.email;

/** A failed call as a toast, worded from its code (the client never shows server text). */
function useReportFailure() {
  const { t } = useTranslation('team');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  return useCallback((error: unknown) => void toast.error(problemMessage(problemOf(error), lang, t('failed'))), [lang, t]);
}

function MemberRow({ truckId, member, me }: { truckId: string; member: TeamMember; me: string | undefined }) {
  const { t } = useTranslation('team');
  const format = useFormat();
  const [remove, { isLoading }] = useRemoveMemberMutation();
  const report = useReportFailure();
  const name = displayName(member);
  return (
    <li className="td-team__row" data-testid={`member-${member.email}`}>
      <div className="td-team__who">
        <strong>
          <bdi>{name}</bdi>
          {member.userId === me && <span className="td-team__muted"> ({t('members.you')})</span>}
        </strong>
        {member.fullName && (
          <span className="td-team__muted td-team__email">
            <bdi>{member.email}</bdi>
          </span>
        )}
        <span className="td-team__muted">{t('members.since', { date: format.date(member.since) })}</span>
      </div>
      <div className="td-team__actions">
        <Tag color={member.role === 'owner' ? 'green' : 'blue'}>{t(`roles.${member.role}`)}</Tag>
        {member.role === 'staff' && (
          <Popconfirm
            title={t('members.removeTitle', { name })}
            description={t('members.removeBody')}
            okText={t('members.removeConfirm')}
            okButtonProps={{ danger: true, ...{ 'data-testid': 'confirm-remove' } }}
            onConfirm={async () => {
              try {
                await remove({ truckId, userId: member.userId }).unwrap();
                notify.success('team:members.removed', { name });
              } catch (error) {
                report(error);
              }
            }}
          >
            <Button danger size="small" loading={isLoading} data-testid="remove-member">
              {t('members.remove')}
            </Button>
          </Popconfirm>
        )}
      </div>
    </li>
  );
}

function InvitationRow({ truckId, invitation }: { truckId: string; invitation: Invitation }) {
  const { t } = useTranslation('team');
  const format = useFormat();
  const [resend, resending] = useResendInvitationMutation();
  const [withdraw, withdrawing] = useWithdrawInvitationMutation();
  const report = useReportFailure();
  const when = (value: string) => format.date(value, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="td-team__row" data-testid={`invitation-${invitation.email}`}>
      <div className="td-team__who">
        <strong>
          <bdi>{invitation.name ?? invitation.email}</bdi>
        </strong>
        {invitation.name && (
          <span className="td-team__muted td-team__email">
            <bdi>{invitation.email}</bdi>
          </span>
        )}
        <span className="td-team__muted">
          {t('invitations.sent', { date: when(invitation.sentAt) })} ·{' '}
          {t(invitation.state === 'expired' ? 'invitations.expiredOn' : 'invitations.expires', { date: when(invitation.expiresAt) })}
        </span>
        {invitation.invitedBy && <span className="td-team__muted">{t('invitations.by', { name: displayName(invitation.invitedBy) })}</span>}
      </div>
      <div className="td-team__actions">
        <Tag color={invitation.state === 'expired' ? 'default' : 'gold'} data-testid="invitation-state">
          {t(`invitations.${invitation.state}`)}
        </Tag>
        <Button
          size="small"
          loading={resending.isLoading}
          data-testid="resend-invitation"
          onClick={async () => {
            try {
              await resend({ truckId, invitationId: invitation.id }).unwrap();
              notify.success('team:invitations.resent', { email: invitation.email });
            } catch (error) {
              report(error);
            }
          }}
        >
          {t('invitations.resend')}
        </Button>
        <Popconfirm
          title={t('invitations.withdrawTitle', { email: invitation.email })}
          description={t('invitations.withdrawBody')}
          okText={t('invitations.withdraw')}
          okButtonProps={{ danger: true, ...{ 'data-testid': 'confirm-withdraw' } }}
          onConfirm={async () => {
            try {
              await withdraw({ truckId, invitationId: invitation.id }).unwrap();
              notify.success('team:invitations.withdrawn', { email: invitation.email });
            } catch (error) {
              report(error);
            }
          }}
        >
          <Button size="small" loading={withdrawing.isLoading} data-testid="withdraw-invitation">
            {t('invitations.withdraw')}
          </Button>
        </Popconfirm>
      </div>
    </li>
  );
}

function InviteForm({ truckId }: { truckId: string }) {
  const { t } = useTranslation('team');
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
      notify.success('team:invite.sent', { email: body.email });
    } catch (error) {
      setMessage(showFormProblem(form, problemOf(error), lang, t('failed')));
    }
  };

  return (
    <Form form={form} name="invite" layout="vertical" requiredMark={false} onFinish={onFinish} className="td-team__form" data-testid="invite-form">
      <h3>{t('invite.title')}</h3>
      {message && <Alert type="error" showIcon title={message} role="alert" data-testid="invite-problem" />}
      <div className="td-team__fields">
        <Form.Item name="email" label={t('invite.email')} rules={[contractRule(EmailSchema, lang, { required: true, isEmpty: isBlank })]}>
          <Input type="email" autoComplete="off" inputMode="email" dir="ltr" data-testid="invite-email" />
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

export default function TeamSection({ truckId }: { truckId: string }) {
  const { t } = useTranslation('team');
  const me = useAppSelector((s) => (s.user.user as { id?: string } | null)?.id);
  const { data: team, isLoading } = useTeamQuery(truckId);
  const staff = team?.members.filter((member) => member.role === 'staff') ?? [];
  return (
    <Panel title={t('title')} className="td-team" testId="team-section">
      <p className="td-team__muted">{t('intro')}</p>
      {isLoading || !team ? (
        <Skeleton active />
      ) : (
        <>
          <h3>{t('members.title')}</h3>
          <ul className="td-team__list" data-testid="team-members">
            {team.members.map((member) => (
              <MemberRow key={member.userId} truckId={truckId} member={member} me={me} />
            ))}
          </ul>
          {staff.length === 0 && <p className="td-team__muted">{t('members.noStaff')}</p>}
          {team.invitations.length > 0 && (
            <>
              <h3>{t('invitations.title')}</h3>
              <ul className="td-team__list" data-testid="team-invitations">
                {team.invitations.map((invitation) => (
                  <InvitationRow key={invitation.id} truckId={truckId} invitation={invitation} />
                ))}
              </ul>
            </>
          )}
          <InviteForm truckId={truckId} />
        </>
      )}
    </Panel>
  );
}
