/** The account step of signing up (pop-up and /new-signup): email and password; the UI language becomes the account's. */
import type { SignUp } from '@domain/accounts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { problemOf } from '../../ui/api-problem';
import { Notice } from '../../ui/notice';
import { useSignInMutation, useSignUpMutation } from './accounts.api';
import { useFormProblem, zodRule } from './form-support';
import { startSession } from './session-actions';

type Values = Omit<SignUp, 'language'>;

export default function SignUpForm({ onDone, onSignIn }: { onDone: (email: string) => void; onSignIn?: (email: string) => void }) {
  const { t } = useTranslation('accounts');
  const dispatch = useAppDispatch();
  const email = useAppSelector((s) => s.pop.email);
  const [form] = Form.useForm<Values>();
  const problem = useFormProblem(form);
  const [signUp, { isLoading: signingUp }] = useSignUpMutation();
  const [signIn, { isLoading: signingIn }] = useSignInMutation();
  const [taken, setTaken] = useState<string | null>(null);

  /**
   * The server answers sign-up alike whether or not the address has an account (so nobody can learn
   * which addresses do); signing in with the same password then tells a new account from a taken
   * address, whose owner has been mailed.
   */
  const onFinish = async (values: Values) => {
    problem.clear();
    setTaken(null);
    try {
      await signUp({ ...values, language: problem.lang }).unwrap();
      const session = await signIn({ email: values.email, password: values.password }).unwrap();
      dispatch(startSession(session));
      onDone(session.user.email);
    } catch (error) {
      if (problemOf(error).code === 'invalid_credentials') setTaken(values.email.trim());
      else problem.report(error);
    }
  };

  return (
    <Form form={form} name="sign-up" layout="vertical" requiredMark={false} initialValues={{ email }} onFinish={onFinish}>
      {problem.message && (
        <Notice kind="error" className="td-form-problem">
          {problem.message}
        </Notice>
      )}
      {taken && (
        <Notice kind="info" className="td-form-problem" testId="sign-up-taken">
          {t('signUp.taken', { email: taken })}
        </Notice>
      )}
      <Form.Item name="email" label={t('fields.email')} rules={[zodRule((c) => c.EmailSchema, problem.lang)]}>
        <Input type="email" autoComplete="email" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('fields.password')} extra={t('fields.passwordHint')} rules={[zodRule((c) => c.NewPasswordSchema, problem.lang)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={signingUp || signingIn}>
        {t('signUp.submit')}
      </Button>
      {onSignIn && (
        <div className="td-account-links">
          <span>
            {t('signUp.haveAccount')}{' '}
            <Button type="link" className="td-inline-link" onClick={() => onSignIn((form.getFieldValue('email') as string | undefined) ?? '')}>
              {t('signUp.toSignIn')}
            </Button>
          </span>
        </div>
      )}
    </Form>
  );
}
