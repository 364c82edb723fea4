/**
 * The entry page's pop-ups, driven by the seed's `pop` slice (docs/product.md §6.3): sign-in, sign-up,
 * forgot-password and create-profile. Loaded on first open, and each form loads when its pop-up first
 * shows, so the entry page carries neither Ant Design nor the API client.
 */
import { Modal, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { AntdProvider } from '../../app/antd-provider';
import { closePop, openPop, type PopType } from './session.slices';
import './account-forms.css';

const SignInForm = lazy(() => import('./sign-in-form'));
const SignUpForm = lazy(() => import('./sign-up-form'));
const ForgotPasswordForm = lazy(() => import('./forgot-password-form'));
const ProfileForm = lazy(() => import('./profile-form'));

const TITLES: Record<PopType, string> = {
  'sign-in': 'signIn.title',
  'sign-up': 'signUp.title',
  'forgot-password': 'forgot.title',
  'create-profile': 'profile.createTitle',
};

export interface AccountDialogProps {
  /** From a reset link: the forgot-password pop-up asks for the new password. */
  resetToken: string | null;
  onResetFinished: () => void;
}

export default function AccountDialog({ resetToken, onResetFinished }: AccountDialogProps) {
  const { t } = useTranslation('accounts');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { is_open: open, type } = useAppSelector((s) => s.pop);

  const close = () => {
    dispatch(closePop());
    if (resetToken) onResetFinished();
  };
  const toHome = () => {
    dispatch(closePop());
    navigate('/home');
  };

  const title = type === 'forgot-password' && resetToken ? 'reset.title' : TITLES[type];
  return (
    <AntdProvider>
      <Modal open={open} onCancel={close} footer={null} title={t(title)} destroyOnHidden width={440} closable={{ 'aria-label': t('close') }}>
        <Suspense fallback={<Spin className="td-dialog-spinner" />}>
          {type === 'sign-in' && <SignInForm />}
          {type === 'sign-up' && (
            <SignUpForm
              onDone={(email) => dispatch(openPop({ type: 'create-profile', email }))}
              onSignIn={(email) => dispatch(openPop({ type: 'sign-in', email }))}
            />
          )}
          {type === 'forgot-password' && <ForgotPasswordForm resetToken={resetToken} onResetFinished={onResetFinished} />}
          {type === 'create-profile' && <ProfileForm mode="create" next="/home" onDone={toHome} onSkip={toHome} />}
        </Suspense>
      </Modal>
    </AntdProvider>
  );
}
