/**
 * A one-line message in a screen: an error (announced at once), a warning, a success or a plain
 * note. Ant Design's Alert look, a fraction of its weight.
 */
import type { ReactNode } from 'react';
import './notice.css';

export type NoticeKind = 'error' | 'warning' | 'success' | 'info';

export interface NoticeProps {
  kind: NoticeKind;
  children: ReactNode;
  testId?: string;
  className?: string;
  /** Extra attributes for tests and styling hooks. */
  data?: Record<`data-${string}`, string>;
}

export function Notice({ kind, children, testId, className, data }: NoticeProps) {
  return (
    <p className={`td-notice td-notice--${kind}${className ? ` ${className}` : ''}`} role={kind === 'error' ? 'alert' : 'status'} data-testid={testId} {...data}>
      {children}
    </p>
  );
}
