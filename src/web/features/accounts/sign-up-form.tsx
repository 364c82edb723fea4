/** The account step of signing up (pop-up and /new-signup): email and password; the UI language becomes the account's. */
import { EmailSchema, NewPasswordSchema, type SignUp } from '@domain/accounts';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSignUpMutation } from './accounts.api';
import { useFormProblem, zodRule } from './form-support';
import { startSession } from './session-actions';

type Values = Omit<SignUp, 'language'>;

export default function SignUpForm({ onDone, onSignIn }: { onDone: (email: string) => void; onSignIn?: (email: string) => void }) {
  const { t } = useTranslation('accounts');
  const dispatch = useAppDispatch();
  const email = useAppSelector((s) => s.pop.email);
  const [form] = Form.useForm<Values>();
  const problem = useFormProblem(form);
  const [signUp, { isLoading }] = useSignUpMutation();

  const onFinish = async (values: Values) => {
    problem.clear();
    try {
      const session = await signUp({ ...values, language: problem.lang }).unwrap();
      dispatch(startSession(session));
      onDone(session.user.email);
    } catch (error) {
      problem.report(error);
    }
  };

  return (
    <Form form={form} name="sign-up" layout="vertical" requiredMark={false} initialValues={{ email }} onFinish={onFinish}>
      {problem.message && <Alert className="td-form-problem" type="error" showIcon title={problem.message} role="alert" />}
      <Form.Item name="email" label={t('fields.email')} rules={[zodRule(EmailSchema, problem.lang)]}>
        <Input type="email" autoComplete="email" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('fields.password')} extra={t('fields.passwordHint')} rules={[zodRule(NewPasswordSchema, problem.lang)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading}>
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
