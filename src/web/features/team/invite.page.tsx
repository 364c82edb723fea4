/**
 * /invite?token=…: the page an invitation mail links to. It says what the invitation is (which truck,
 * who invited whom) or why it no longer works (expired, used, withdrawn, superseded, not a real
 * link); signed in with the invited address, one button joins the truck as staff. Not signed in,
 * it opens the sign-up or sign-in pop-up with the address filled in and brings the person back here
 * afterwards (pending-invitation.tsx).
 */
import type { InvitationPreview } from '@domain/team';
import { Alert, Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CURRENT_TRUCK_KEY } from '../../app/current-truck';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { writeString } from '../../app/storage';
import { problemMessage, problemOf } from '../../ui/api-problem';
import { Outcome } from '../../ui/outcome';
import { AntdProvider } from '../../app/antd-provider';
import { useFormat } from '../../app/use-format';
import { rememberInvitation } from './pending-invitation';
import { useAcceptInvitationMutation, useInvitationPreviewQuery } from './team.api';
import './team.css';
import { nameIn } from '@domain/names';

/** The seed's `pop` state (docs/product.md §6.3) opens the entry page's account pop-ups (its action, by type: features do not import each other). */
const openAccountPop = (type: 'sign-in' | 'sign-up', email: string) => ({ type: 'pop/openPop', payload: { type, email } });

function Invitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { t } = useTranslation('team');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const format = useFormat();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isLogin = useAppSelector((s) => s.auth.userModel.isLogin);
  const myEmail = useAppSelector((s) => (s.user.user as { email?: string } | null)?.email);
  const [accept, accepting] = useAcceptInvitationMutation();
  const truck = nameIn(invitation.truck, lang);

  if (invitation.state !== 'pending') {
    return (
      <Outcome
        status="warning"
        title={t('join.title')}
        subTitle={<span data-testid="invitation-state" data-state={invitation.state}>{t(`join.states.${invitation.state}`)}</span>}
        extra={<Link to={isLogin ? '/home' : '/'}>{t('join.home')}</Link>}
      />
    );
  }

  const signedInAsInvitee = isLogin && myEmail?.toLowerCase() === invitation.email.toLowerCase();
  const toAccount = (type: 'sign-in' | 'sign-up') => {
    rememberInvitation(token);
    dispatch(openAccountPop(type, invitation.email));
    navigate('/');
  };
  const join = async () => {
    try {
      const { truckId } = await accept(token).unwrap();
      writeString(CURRENT_TRUCK_KEY, truckId);
      // A fresh start: the session's access list now names the truck, and the dashboard opens on it.
      window.location.assign('/orders');
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <section className="td-join" data-testid="invitation" data-state="pending">
      <h1>{t('join.title')}</h1>
      <p>
        {invitation.invitedBy
          ? t('join.invitedBy', { inviter: invitation.invitedBy, email: invitation.email, truck })
          : t('join.invitedNoInviter', { email: invitation.email, truck })}
      </p>
      <p>{t('join.what')}</p>
      <p className="td-team__muted">{t('join.validUntil', { date: format.date(invitation.expiresAt, { dateStyle: 'medium', timeStyle: 'short' }) })}</p>
      {accepting.error !== undefined && (
        <Alert type="error" showIcon role="alert" data-testid="join-problem" title={problemMessage(problemOf(accepting.error), lang, t('failed'))} />
      )}
      {isLogin && !signedInAsInvitee && (
        <Alert type="warning" showIcon data-testid="other-account" title={t('join.otherAccount', { current: myEmail ?? '', email: invitation.email })} />
      )}
      <div className="td-join__actions">
        {signedInAsInvitee && (
          <Button type="primary" size="large" loading={accepting.isLoading} onClick={join} data-testid="accept-invitation">
            {t('join.accept', { truck })}
          </Button>
        )}
        {!isLogin && invitation.accountExists && (
          <Button type="primary" onClick={() => toAccount('sign-in')} data-testid="invitation-sign-in">
            {t('join.signInWith', { email: invitation.email })}
          </Button>
        )}
        {!isLogin && !invitation.accountExists && (
          <>
            <Button type="primary" onClick={() => toAccount('sign-up')} data-testid="invitation-sign-up">
              {t('join.signUp', { email: invitation.email })}
            </Button>
            <Button onClick={() => toAccount('sign-in')} data-testid="invitation-sign-in">
              {t('join.signIn')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

export function Component() {
  const { t } = useTranslation('team');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data, error, isLoading } = useInvitationPreviewQuery(token, { skip: !token });
  const invalid = !token || (error !== undefined && problemOf(error).code === 'invitation_invalid');
  return (
    <AntdProvider>
      {isLoading ? (
        <div className="td-join" role="status">
          <Spin /> {t('join.loading')}
        </div>
      ) : data ? (
        <Invitation token={token} invitation={data} />
      ) : (
        <Outcome
          status="warning"
          title={t('join.title')}
          subTitle={<span data-testid="invitation-state" data-state="invalid">{invalid ? t('join.states.invalid') : t('failed')}</span>}
          extra={<Link to="/">{t('join.home')}</Link>}
        />
      )}
    </AntdProvider>
  );
}
