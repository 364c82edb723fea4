/** The wizard's steps as an ordered list: where you are, what is done, and links back to steps already reached. */
import { CheckOutlined } from '@ant-design/icons';

export function WizardSteps({ steps, current, reachable, onGo, label }: {
  steps: string[];
  current: number;
  /** Steps up to this one can be opened. */
  reachable: number;
  onGo(step: number): void;
  label: string;
}) {
  return (
    <nav aria-label={label}>
      <ol className="td-steps">
        {steps.map((title, index) => {
          const state = index === current ? 'current' : index < current ? 'done' : 'todo';
          return (
            <li key={title} className={`td-steps__step td-steps__step--${state}`}>
              <button type="button" disabled={index > reachable || index === current} aria-current={index === current ? 'step' : undefined} onClick={() => onGo(index)}>
                <span className="td-steps__number" aria-hidden="true">
                  {state === 'done' ? <CheckOutlined /> : index + 1}
                </span>
                <span>{title}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
