/**
 * The end of a flow (a link sent, an account made, an invitation no longer open): an icon, a title,
 * what to know and what to do next. Ant Design's Result look without its weight: Result imports its
 * 403, 404 and 500 drawings whatever the status, 8 KiB on every screen showing one (decision 015).
 */
import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import './outcome.css';

export interface OutcomeProps {
  status: 'success' | 'warning';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  testId?: string;
}

export function Outcome({ status, title, subTitle, extra, testId }: OutcomeProps) {
  return (
    <div className={`td-outcome td-outcome--${status}`} role="status" data-testid={testId}>
      <span className="td-outcome__icon" aria-hidden="true">
        {status === 'success' ? <CheckCircleFilled /> : <ExclamationCircleFilled />}
      </span>
      <h2 className="td-outcome__title">{title}</h2>
      {subTitle !== undefined && <div className="td-outcome__subtitle">{subTitle}</div>}
      {extra !== undefined && <div className="td-outcome__extra">{extra}</div>}
    </div>
  );
}
