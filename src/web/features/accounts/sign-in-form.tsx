/** The sign-in pop-up's form; on success the entry page moves on to /home. */
import type { SignIn } from '@domain/accounts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Notice } from '../../ui/notice';
import { useSignInMutation } from './accounts.api';
import { useFormProblem, zodRule } from './form-support';
import { startSession } from './session-actions';
import { closePop, openPop } from './session.slices';

export default function SignInForm() {
  const { t } = useTranslation('accounts');
  const dispatch = useAppDispatch();
  const email = useAppSelector((s) => s.pop.email);
  const [form] = Form.useForm<SignIn>();
  const problem = useFormProblem(form);
  const [signIn, { isLoading }] = useSignInMutation();

  const onFinish = async (values: SignIn) => {
    problem.clear();
    try {
      dispatch(startSession(await signIn(values).unwrap()));
      dispatch(closePop());
    } catch (error) {
      problem.report(error);
    }
  };
  const switchTo = (type: 'forgot-password' | 'sign-up') =>
    dispatch(openPop({ type, email: (form.getFieldValue('email') as string | undefined) ?? '' }));

  return (
    <Form form={form} name="sign-in" layout="vertical" requiredMark={false} initialValues={{ email }} onFinish={onFinish}>
      {problem.message && (
        <Notice kind="error" className="td-form-problem">
          {problem.message}
        </Notice>
      )}
      <Form.Item name="email" label={t('fields.email')} rules={[zodRule((c) => c.EmailSchema, problem.lang)]}>
        <Input type="email" autoComplete="email" autoFocus={!email} />
      </Form.Item>
      <Form.Item name="password" label={t('fields.password')} rules={[zodRule((c) => c.GivenPasswordSchema, problem.lang)]}>
        <Input.Password autoComplete="current-password" autoFocus={Boolean(email)} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        {t('signIn.submit')}
      </Button>
      <div className="td-account-links">
        <Button type="link" onClick={() => switchTo('forgot-password')}>
          {t('signIn.forgot')}
        </Button>
        <span>
          {t('signIn.noAccount')}{' '}
          <Button type="link" className="td-inline-link" onClick={() => switchTo('sign-up')}>
            {t('signIn.toSignUp')}
          </Button>
        </span>
      </div>
    </Form>
  );
}
