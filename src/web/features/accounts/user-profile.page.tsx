/** `/user-profile`: details (photo, name, phone, language), password change, and signing out here or everywhere. */
import type { ChangePassword } from '@domain/accounts';
import { Button, Form, Input, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notify } from '../../ui/notify';
import { Notice } from '../../ui/notice';
import { useChangePasswordMutation } from './accounts.api';
import { useFormProblem, zodRule } from './form-support';
import { NewPasswordFields } from './new-password-fields';
import ProfileForm from './profile-form';
import { startSession } from './session-actions';
import { useSignOut } from './use-sign-out';
import './account-forms.css';

/** A titled panel; plain markup, as Ant Design's Card would weigh more than this screen may. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="td-panel td-account-panel">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function PasswordPanel() {
  const { t } = useTranslation('accounts');
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<ChangePassword & { confirmPassword: string }>();
  const problem = useFormProblem(form);
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const onFinish = async ({ currentPassword, newPassword }: ChangePassword) => {
    problem.clear();
    try {
      // Other sessions end; this one continues with the new token.
      dispatch(startSession(await changePassword({ currentPassword, newPassword }).unwrap()));
      form.resetFields();
      notify.success('accounts:userProfile.passwordChanged');
    } catch (error) {
      problem.report(error);
    }
  };

  return (
    <Panel title={t('userProfile.password')}>
      <p>{t('userProfile.passwordIntro')}</p>
      <Form form={form} name="change-password" layout="vertical" requiredMark={false} onFinish={onFinish}>
        {problem.message && (
          <Notice kind="error" className="td-form-problem">
            {problem.message}
          </Notice>
        )}
        <Form.Item name="currentPassword" label={t('fields.currentPassword')} rules={[zodRule((c) => c.GivenPasswordSchema, problem.lang)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields name="newPassword" lang={problem.lang} />
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t('userProfile.changePassword')}
        </Button>
      </Form>
    </Panel>
  );
}

function SessionsPanel() {
  const { t } = useTranslation('accounts');
  const { signOut, signOutEverywhere, pending } = useSignOut();
  const [confirming, setConfirming] = useState(false);
  return (
    <Panel title={t('userProfile.sessions')}>
      <p>{t('userProfile.sessionsIntro')}</p>
      <Space wrap>
        <Button onClick={() => void signOut()} loading={pending} data-testid="sign-out">
          {t('userProfile.signOut')}
        </Button>
        {confirming ? (
          <>
            <Button danger type="primary" onClick={() => void signOutEverywhere()} loading={pending} data-testid="sign-out-everywhere-confirm">
              {t('userProfile.confirmSignOutEverywhere')}
            </Button>
            <Button onClick={() => setConfirming(false)}>{t('userProfile.cancel')}</Button>
          </>
        ) : (
          <Button danger onClick={() => setConfirming(true)} data-testid="sign-out-everywhere">
            {t('userProfile.signOutEverywhere')}
          </Button>
        )}
      </Space>
    </Panel>
  );
}

export function Component() {
  const { t } = useTranslation('accounts');
  const roles = useAppSelector((s) => s.user.role);
  const email = useAppSelector((s) => s.user.user?.email);
  return (
    <div className="td-profile">
      <Panel title={t('userProfile.details')}>
        <p className="td-profile__who">
          <bdi translate="no">{typeof email === 'string' ? email : ''}</bdi>
          <span className="td-visually-hidden">{t('userProfile.roles')}</span>
          {roles.map((role) => (
            <span key={role} className="td-role" data-testid="role">
              {t(`roles.${role}`, { defaultValue: role })}
            </span>
          ))}
        </p>
        <ProfileForm mode="edit" next="/user-profile" />
      </Panel>
      <PasswordPanel />
      <SessionsPanel />
    </div>
  );
}
