/**
 * /truck-register: the registration wizard — basics → documents → location & contact → review &
 * submit. Every step is saved on the server, so the wizard resumes (on any device) at the first
 * step that still needs work. It edits the vendor's open application: the current truck when that
 * is a draft or has changes requested, else their other open one; with none, it offers to start.
 */
import { CheckCircleFilled } from '@ant-design/icons';
import type { Truck, TruckSummary } from '@domain/trucks';
import { Button, Skeleton, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { useCurrentTruck } from '../../app/current-truck';
import { problemOf } from '../../ui/api-problem';
import { Notice } from '../../ui/notice';
import { BasicsForm } from './basics-form';
import { useProblemText } from './form-support';
import { useTruckName } from './truck-name';
import { useCreateTruckMutation, useMyTrucksQuery, useTruckQuery } from './trucks.api';
import { WizardSteps } from './wizard-steps';
import './trucks.css';

// The first step ships with the page; the others load when the vendor reaches them.
const DocumentsForm = lazy(() => import('./documents-form').then((module) => ({ default: module.DocumentsForm })));
const LocationForm = lazy(() => import('./location-form').then((module) => ({ default: module.LocationForm })));
const ReviewStep = lazy(() => import('./review-step'));

const STEPS = ['basics', 'documents', 'location', 'review'] as const;

/** The first step whose part of the application is incomplete; the review step when none is. */
function firstOpenStep(problems: Truck['problems']): number {
  const index = STEPS.findIndex((step) => problems.some((problem) => problem.path.startsWith(`${step}.`)));
  return index === -1 ? STEPS.length - 1 : index;
}

const isOpenApplication = (truck: TruckSummary) => truck.relation === 'owner' && (truck.status === 'draft' || truck.status === 'changes_requested');

function StartScreen({ trucks }: { trucks: TruckSummary[] }) {
  const { t } = useTranslation('trucks');
  const truckName = useTruckName();
  const { setTruckId } = useCurrentTruck();
  const textOf = useProblemText();
  const [create, { isLoading }] = useCreateTruckMutation();
  const inReview = trucks.filter((truck) => truck.relation === 'owner' && truck.status === 'submitted');

  const start = async () => {
    try {
      setTruckId((await create().unwrap()).id);
    } catch (error) {
      const problem = problemOf(error);
      // Started on another device a moment ago: carry on with that one.
      if (problem.code === 'draft_exists' && typeof problem.details?.truckId === 'string') setTruckId(problem.details.truckId);
      else toast.error(textOf(error));
    }
  };

  return (
    <Space orientation="vertical" size="large" className="td-page">
      {inReview.map((truck) => (
        <Notice key={truck.id} kind="info">
          {t('wizard.inReview', { name: truckName(truck) })}{' '}
          <Link to="/truck-info" onClick={() => setTruckId(truck.id)}>
            {t('wizard.openInfo')}
          </Link>
        </Notice>
      ))}
      <section className="td-panel td-wizard-panel" data-testid="wizard-start">
        <h2>{trucks.length > 0 ? t('wizard.another') : t('wizard.startTitle')}</h2>
        <p>{t('wizard.startBody')}</p>
        <Button type="primary" size="large" loading={isLoading} onClick={() => void start()} data-testid="wizard-start-button">
          {isLoading ? t('wizard.starting') : t('wizard.start')}
        </Button>
      </section>
    </Space>
  );
}

function Submitted({ truck }: { truck: Truck }) {
  const { t } = useTranslation('trucks');
  const truckName = useTruckName();
  const { setTruckId } = useCurrentTruck();
  const navigate = useNavigate();
  return (
    <section className="td-panel td-wizard-panel td-wizard-panel--done" data-testid="wizard-submitted">
      <CheckCircleFilled className="td-wizard-panel__icon" />
      <h2>{t('wizard.submittedTitle')}</h2>
      <p>{t('wizard.submittedBody', { name: truckName(truck.basics) })}</p>
      <Button
        type="primary"
        onClick={() => {
          setTruckId(truck.id);
          navigate('/truck-info');
        }}
        data-testid="open-truck-info"
      >
        {t('wizard.openInfo')}
      </Button>
    </section>
  );
}

function Wizard({ truck, onSubmitted }: { truck: Truck; onSubmitted(truck: Truck): void }) {
  const { t } = useTranslation('trucks');
  const [step, setStep] = useState(() => firstOpenStep(truck.problems));
  const reachable = Math.max(step, firstOpenStep(truck.problems));
  const documentsMissing = truck.problems.some((problem) => problem.path.startsWith('documents.'));

  const go = (next: number) => {
    setStep(next);
    window.scrollTo({ top: 0 });
  };

  const back = (
    <Button onClick={() => go(step - 1)} data-testid="wizard-back">
      {t('wizard.back')}
    </Button>
  );
  const next = (saving: boolean) => (
    <Space wrap className="td-wizard__actions">
      {step > 0 && back}
      <Button type="primary" htmlType="submit" loading={saving} data-testid="wizard-next">
        {t('wizard.next')}
      </Button>
    </Space>
  );

  return (
    <div className="td-page td-wizard" data-testid="wizard" data-step={STEPS[step]}>
      <div className="td-wizard__steps">
        <WizardSteps steps={STEPS.map((key) => t(`wizard.steps.${key}`))} current={step} reachable={reachable} onGo={go} label={t('wizard.stepsLabel')} />
      </div>
      {truck.status === 'changes_requested' && (
        <Notice kind="warning" testId="review-notes">
          <strong>{t('wizard.changesRequested')}</strong> {truck.reviewNotes}
        </Notice>
      )}
      <h2 className="td-wizard__title">{t(`wizard.steps.${STEPS[step]}`)}</h2>
      <Suspense fallback={<Skeleton active />}>
        {step === 0 && <BasicsForm truck={truck} actions={next} onSaved={() => go(1)} />}
        {step === 1 && (
          <>
            <Notice kind="info">{t('wizard.documentsIntro')}</Notice>
            <DocumentsForm truck={truck} onSaved={() => undefined} />
            <Space wrap className="td-wizard__actions">
              {back}
              <Button type="primary" disabled={documentsMissing} onClick={() => go(2)} data-testid="wizard-next">
                {t('wizard.continue')}
              </Button>
              {documentsMissing && <span className="td-muted">{t('wizard.documentsMissing')}</span>}
            </Space>
          </>
        )}
        {step === 2 && <LocationForm truck={truck} actions={next} onSaved={() => go(3)} />}
        {step === 3 && <ReviewStep truck={truck} back={back} onSubmitted={onSubmitted} />}
      </Suspense>
    </div>
  );
}

function OpenApplication({ truckId, onSubmitted }: { truckId: string; onSubmitted(truck: Truck): void }) {
  const { data: truck } = useTruckQuery(truckId);
  if (!truck) return <Skeleton active />;
  return <Wizard truck={truck} onSubmitted={onSubmitted} />;
}

export function Component() {
  const { data: trucks } = useMyTrucksQuery();
  const { truckId } = useCurrentTruck();
  const [submitted, setSubmitted] = useState<Truck | null>(null);
  if (submitted) return <Submitted truck={submitted} />;
  if (!trucks) return <Skeleton active />;
  const open = trucks.filter(isOpenApplication);
  const target = open.find((truck) => truck.id === truckId) ?? open[0];
  if (!target) return <StartScreen trucks={trucks} />;
  return <OpenApplication key={target.id} truckId={target.id} onSubmitted={setSubmitted} />;
}
