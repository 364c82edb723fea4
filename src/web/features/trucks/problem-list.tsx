/** What still stands between an application and its submission, each problem named by its field. */
import { fieldMessage } from '../../ui/messages';
import type { Truck } from '@domain/trucks';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from './truck-name';

export function ProblemList({ problems }: { problems: Truck['problems'] }) {
  const { t } = useTranslation('trucks');
  const lang = useLang();
  if (problems.length === 0) return <Alert type="success" showIcon title={t('wizard.ready')} data-testid="no-problems" />;
  const label = (path: string) => {
    const [section, name = ''] = path.split('.');
    return section === 'documents' ? t(`documentTypes.${name}`) : t(`fields.${name}`);
  };
  return (
    <Alert
      type="warning"
      showIcon
      title={t('wizard.problemsTitle')}
      data-testid="problems"
      description={
        <ul>
          {problems.map((problem) => (
            <li key={`${problem.path}:${problem.code}`}>
              {label(problem.path)}: {fieldMessage(lang, problem.code, problem.params)}
            </li>
          ))}
        </ul>
      }
    />
  );
}
