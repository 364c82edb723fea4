/**
 * A titled box for a screen's parts, looking like Ant Design's Card without its weight (Card brings
 * Tabs along, which no panel here uses).
 */
import type { ReactNode } from 'react';
import './panel.css';

export interface PanelProps {
  title: ReactNode;
  /** Beside the title: a control that acts on the whole panel. */
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}

export function Panel({ title, extra, children, className, testId }: PanelProps) {
  return (
    <section className={className ? `td-panel ${className}` : 'td-panel'} data-testid={testId}>
      <header className="td-panel__header">
        <h2 className="td-panel__title">{title}</h2>
        {extra}
      </header>
      <div className="td-panel__body">{children}</div>
    </section>
  );
}
