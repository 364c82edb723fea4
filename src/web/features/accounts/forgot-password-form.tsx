/**
 * The forgot-password pop-up: asks for the email and sends the link; opened from a reset link
 * (`/?reset=…`) it asks for the new password instead, then hands over to sign-in.
 */
import type { ForgotPassword } from '@domain/accounts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { problemOf } from '../../ui/api-problem';
import { notify } from '../../ui/notify';
import { Outcome } from '../../ui/outcome';
import { useForgotPasswordMutation, useResetPasswordMutation } from './accounts.api';
import { useFormProblem, zodRule } from './form-support';
import { NewPasswordFields } from './new-password-fields';
import { endSession } from './session-actions';
import { openPop } from './session.slices';

function RequestLink() {
  const { t } = useTranslation('accounts');
  const dispatch = useAppDispatch();
  const email = useAppSelector((s) => s.pop.email);
  const [form] = Form.useForm<ForgotPassword>();
  const problem = useFormProblem(form);
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onFinish = async (values: ForgotPassword) => {
    problem.clear();
    try {
      await forgotPassword(values).unwrap();
      setSentTo(values.email);
    } catch (error) {
      problem.report(error);
    }
  };
  const backToSignIn = (
    <Button type="link" onClick={() => dispatch(openPop({ type: 'sign-in', email: sentTo ?? (form.getFieldValue('email') as string | undefined) ?? '' }))}>
      {t('forgot.backToSignIn')}
    </Button>
  );

  if (sentTo) {
    return <Outcome status="success" title={t('forgot.sent', { email: sentTo })} extra={backToSignIn} testId="reset-link-sent" />;
  }
  return (
    <Form form={form} name="forgot-password" layout="vertical" requiredMark={false} initialValues={{ email }} onFinish={onFinish}>
      <p>{t('forgot.intro')}</p>
      {problem.message && <Alert className="td-form-problem" type="error" showIcon title={problem.message} role="alert" />}
      <Form.Item name="email" label={t('fields.email')} rules={[zodRule((c) => c.EmailSchema, problem.lang)]}>
        <Input type="email" autoComplete="email" autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        {t('forgot.submit')}
      </Button>
      <div className="td-account-links">{backToSignIn}</div>
    </Form>
  );
}

function ChooseNewPassword({ token, onFinished }: { token: string; onFinished: () => void }) {
  const { t } = useTranslation('accounts');
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<{ password: string; confirmPassword: string }>();
  const problem = useFormProblem(form);
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [linkDead, setLinkDead] = useState(false);

  const onFinish = async ({ password }: { password: string }) => {
    problem.clear();
    try {
      const { email } = await resetPassword({ token, password }).unwrap();
      // The server ended every session of the account; this browser's goes too.
      endSession(dispatch);
      onFinished();
      dispatch(openPop({ type: 'sign-in', email }));
      notify.success('accounts:reset.done');
    } catch (error) {
      setLinkDead(problemOf(error).code === 'reset_link_invalid');
      problem.report(error);
    }
  };

  return (
    <Form form={form} name="reset-password" layout="vertical" requiredMark={false} onFinish={onFinish}>
      <p>{t('reset.intro')}</p>
      {problem.message && (
        <Alert
          className="td-form-problem"
          type="error"
          showIcon
          title={problem.message}
          role="alert"
          action={
            linkDead ? (
              <Button size="small" onClick={onFinished}>
                {t('forgot.submit')}
              </Button>
            ) : undefined
          }
        />
      )}
      <NewPasswordFields name="password" lang={problem.lang} />
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        {t('reset.submit')}
      </Button>
    </Form>
  );
}

export default function ForgotPasswordForm({ resetToken, onResetFinished }: { resetToken: string | null; onResetFinished: () => void }) {
  return resetToken ? <ChooseNewPassword token={resetToken} onFinished={onResetFinished} /> : <RequestLink />;
}
