/**
 * "Busy, no orders": pause for 15, 30 or 60 minutes or until a chosen time, with a live countdown
 * and a way to resume at once.
 */
import type { Hours, Pause } from '@domain/hours';
import { PAUSE_MINUTES } from '@domain/hours/limits';
import { fieldMessage } from '../../ui/messages';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Temporal } from 'temporal-polyfill';
import { useAppSelector } from '../../app/hooks';
import { problemMessage, problemOf } from '../../ui/api-problem';
import { Notice } from '../../ui/notice';
import { notify } from '../../ui/notify';
import { Panel } from '../../ui/panel';
import { TimeField } from '../../ui/pickers';
import { useNow } from '../../ui/use-now';
import { usePauseOrdersMutation, useResumeOrdersMutation } from './hours.api';
import { formatWhen } from './open-preview';
import { formatCountdown, nextWallTime } from './pause-time';

export interface PauseCardProps {
  truckId: string;
  hours: Hours;
  canWrite: boolean;
}

export function PauseCard({ truckId, hours, canWrite }: PauseCardProps) {
  const { t } = useTranslation('hours');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const now = useNow(1000);
  const [untilTime, setUntilTime] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pauseOrders, pausing] = usePauseOrdersMutation();
  const [resumeOrders, resuming] = useResumeOrdersMutation();

  const pausedUntil = hours.pausedUntil ? Date.parse(hours.pausedUntil) : null;
  const paused = pausedUntil !== null && pausedUntil > now;

  const pause = async (command: Pause) => {
    setProblem(null);
    try {
      await pauseOrders({ truckId, pause: command }).unwrap();
      setUntilTime('');
      notify.info('hours:pause.started');
    } catch (error) {
      const found = problemOf(error);
      const field = found.fields[0];
      setProblem(field ? fieldMessage(lang, field.code, field.params) : problemMessage(found, lang, t('unexpected')));
    }
  };

  const resume = async () => {
    setProblem(null);
    try {
      await resumeOrders(truckId).unwrap();
      notify.success('hours:pause.resumed');
    } catch (error) {
      setProblem(problemMessage(problemOf(error), lang, t('unexpected')));
    }
  };

  return (
    <Panel title={t('pause.title')} testId="pause-card">
      {problem && <Notice kind="error">{problem}</Notice>}
      {paused ? (
        <div className="td-pause td-pause--on" data-testid="pause-active">
          <p>
            {t('pause.pausedUntil', { time: formatWhen(Temporal.Instant.fromEpochMilliseconds(pausedUntil), Temporal.Instant.fromEpochMilliseconds(now), hours.timeZone, lang) })}
          </p>
          <p className="td-pause__countdown" role="timer" aria-live="off" data-testid="pause-countdown">
            {t('pause.left', { time: formatCountdown(pausedUntil - now, lang) })}
          </p>
          <Button type="primary" onClick={() => void resume()} loading={resuming.isLoading} disabled={!canWrite} data-testid="pause-resume">
            {t('pause.resume')}
          </Button>
        </div>
      ) : (
        <div className="td-pause">
          <p className="td-hours__hint">{t('pause.intro')}</p>
          <Space wrap>
            {PAUSE_MINUTES.map((minutes) => (
              <Button key={minutes} onClick={() => void pause({ kind: 'minutes', minutes })} loading={pausing.isLoading} disabled={!canWrite} data-testid={`pause-${minutes}`}>
                {t('pause.forMinutes', { count: minutes })}
              </Button>
            ))}
          </Space>
          <div className="td-pause__until">
            <label>
              <span>{t('pause.untilLabel')}</span>
              <TimeField value={untilTime} onChange={setUntilTime} disabled={!canWrite} testId="pause-until-time" />
            </label>
            <Button
              onClick={() => void pause({ kind: 'until', until: nextWallTime(untilTime, hours.timeZone, now).toString() })}
              disabled={!canWrite || !/^\d\d:\d\d$/.test(untilTime)}
              loading={pausing.isLoading}
              data-testid="pause-until"
            >
              {t('pause.until')}
            </Button>
          </div>
        </div>
      )}
    </Panel>
  );
}
