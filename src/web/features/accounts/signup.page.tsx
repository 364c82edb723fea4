/** `/new-signup`: the full-page sign-up: account, then profile, then the prompt to register the truck. */
import { Button, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { AntdProvider } from '../../app/antd-provider';
import { Outcome } from '../../ui/outcome';
import ProfileForm from './profile-form';
import { openPop } from './session.slices';
import SignUpForm from './sign-up-form';
import './account-forms.css';

const STEPS = ['account', 'profile', 'truck'] as const;

export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const isLogin = useAppSelector((s) => s.auth.userModel.isLogin);
  const [startedSignedIn] = useState(isLogin);
  const [step, setStep] = useState(0);

  if (startedSignedIn) return <Navigate to="/home" replace />;
  return (
    <AntdProvider>
      <div className="td-signup">
        <h1>{t('signupPage.title')}</h1>
        <Steps current={step} items={STEPS.map((key) => ({ title: t(`signupPage.steps.${key}`) }))} responsive={false} size="small" />
        <section className="td-panel td-account-panel td-signup__step">
          {step === 0 && <SignUpForm onDone={() => setStep(1)} onSignIn={(email) => {
                dispatch(openPop({ type: 'sign-in', email }));
                navigate('/');
              }} />}
          {step === 1 && <ProfileForm mode="create" next="/home" onDone={() => setStep(2)} onSkip={() => setStep(2)} />}
          {step === 2 && (
            <Outcome
              status="success"
              title={t('signupPage.truckTitle')}
              subTitle={t('signupPage.truckIntro')}
              extra={
                <>
                  <Link to="/truck-register">
                    <Button type="primary">{t('signupPage.registerTruck')}</Button>
                  </Link>
                  <Link to="/home">
                    <Button>{t('signupPage.later')}</Button>
                  </Link>
                </>
              }
            />
          )}
        </section>
      </div>
    </AntdProvider>
  );
}
