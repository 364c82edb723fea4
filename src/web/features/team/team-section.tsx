/**
 * The Team section of /truck-info, for the truck's owner: the members (owner and staff, each staff
 * member removable), whether staff see the sales figures, the invitations not yet accepted (resend,
 * withdraw), and the invite form (./invite-form.tsx, loaded when the owner opens it).
 * Its own component, loaded by the truck info page through app/truck-info-sections.tsx.
 */
import { detailSeparator } from '@domain/locale';
import type { Invitation, TeamMember, TeamSettings } from '@domain/team';
import { Button, Popconfirm, Skeleton, Tag } from 'antd';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify/unstyled';
import { useAppSelector } from '../../app/hooks';
import { problemMessage, problemOf } from '../../ui/api-problem';
import { useFormat } from '../../app/use-format';
import { notify } from '../../ui/notify';
import { Panel } from '../../ui/panel';
import { addTeamSectionStrings, TEAM_SECTION_NS } from './team-section-strings';
import { useRemoveMemberMutation, useResendInvitationMutation, useTeamQuery, useUpdateTeamSettingsMutation, useWithdrawInvitationMutation } from './team.api';
import './team.css';

addTeamSectionStrings();

/** The form (antd's Form and Input, the accounts' schemas: about 60 KiB) loads when the owner asks for it. */
const InviteForm = lazy(() => import('./invite-form'));

function Invite({ truckId }: { truckId: string }) {
  const { t } = useTranslation(TEAM_SECTION_NS);
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button type="primary" className="td-team__invite" onClick={() => setOpen(true)} data-testid="invite-open">
        {t('invite.title')}
      </Button>
    );
  }
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
      <InviteForm truckId={truckId} />
    </Suspense>
  );
}

const displayName = (person: { fullName: string | null; email: string }) => person.fullName || person.email;

/** A failed call as a toast, worded from its code (the client never shows server text). */
function useReportFailure() {
  const { t } = useTranslation(TEAM_SECTION_NS);
  const lang = useAppSelector((s) => s.lang_dir.lang);
  return useCallback((error: unknown) => void toast.error(problemMessage(problemOf(error), lang, t('team:failed'))), [lang, t]);
}

function MemberRow({ truckId, member, me }: { truckId: string; member: TeamMember; me: string | undefined }) {
  const { t } = useTranslation(TEAM_SECTION_NS);
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
                notify.success(`${TEAM_SECTION_NS}:members.removed`, { name });
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
  const { t } = useTranslation(TEAM_SECTION_NS);
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
          {t('invitations.sent', { date: when(invitation.sentAt) })}
          {detailSeparator(format.lang)}
          {t(invitation.state === 'expired' ? 'invitations.expiredOn' : 'invitations.expires', { date: when(invitation.expiresAt) })}
        </span>
        {invitation.invitedBy && <span className="td-team__muted">{t('invitations.by', { name: displayName(invitation.invitedBy) })}</span>}
      </div>
      <div className="td-team__actions">
        <Tag color={invitation.state === 'expired' ? 'default' : 'warning'} data-testid="invitation-state">
          {t(`invitations.${invitation.state}`)}
        </Tag>
        <Button
          size="small"
          loading={resending.isLoading}
          data-testid="resend-invitation"
          onClick={async () => {
            try {
              await resend({ truckId, invitationId: invitation.id }).unwrap();
              notify.success(`${TEAM_SECTION_NS}:invitations.resent`, { email: invitation.email });
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
              notify.success(`${TEAM_SECTION_NS}:invitations.withdrawn`, { email: invitation.email });
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

/** The team's switches: each setting, its test id and its catalogue keys (settings.<label>, <label>Help, <label>On, <label>Off). */
const STAFF_SWITCHES = [
  { key: 'staffSeesRevenue', testId: 'staff-revenue', label: 'revenue', on: 'revenueShown', off: 'revenueHidden' },
  { key: 'staffMayRefund', testId: 'staff-refund', label: 'refund', on: 'refundAllowed', off: 'refundWithdrawn' },
] as const;

/**
 * What the owner lets staff see and do: revenue and sales figures on /home, giving money back on paid
 * orders; each off until turned on. A native checkbox drawn as a switch (team.css): antd's Switch is
 * not otherwise loaded on /truck-info, and would cost the screen 2.3 KiB it does not have under its
 * ceiling (decision 015). The new state shows at once (team.api.ts) and flips back if the server refuses.
 */
function StaffSettingSwitch({ truckId, settings, which }: { truckId: string; settings: TeamSettings; which: (typeof STAFF_SWITCHES)[number] }) {
  const { t } = useTranslation(TEAM_SECTION_NS);
  const [update, { isLoading }] = useUpdateTeamSettingsMutation();
  const report = useReportFailure();
  const id = useId();
  const onChange = async (value: boolean) => {
    try {
      await update({ truckId, body: { ...settings, [which.key]: value } }).unwrap();
      notify.success(`${TEAM_SECTION_NS}:settings.${value ? which.on : which.off}`);
    } catch (error) {
      report(error);
    }
  };
  return (
    <div className="td-team__setting" data-testid={`${which.testId}-setting`}>
      <input
        type="checkbox"
        role="switch"
        id={`${id}-switch`}
        className="td-team__switch"
        checked={settings[which.key]}
        disabled={isLoading}
        aria-describedby={`${id}-help`}
        onChange={(event) => void onChange(event.target.checked)}
        data-testid={`${which.testId}-switch`}
      />
      <div className="td-team__who">
        <label htmlFor={`${id}-switch`}>
          <strong>{t(`settings.${which.label}`)}</strong>
        </label>
        <span id={`${id}-help`} className="td-team__muted">
          {t(`settings.${which.label}Help`)}
        </span>
      </div>
    </div>
  );
}

export default function TeamSection({ truckId }: { truckId: string }) {
  const { t } = useTranslation(TEAM_SECTION_NS);
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
          {STAFF_SWITCHES.map((which) => (
            <StaffSettingSwitch key={which.key} truckId={truckId} settings={team.settings} which={which} />
          ))}
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
          <Invite truckId={truckId} />
        </>
      )}
    </Panel>
  );
}
