/**
 * Stands in for a screen until the issue that owns it lands; the title comes from the route. Plain
 * markup: a placeholder should not make its route pay for Ant Design.
 */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { routeTitleKey } from '../app/routes';
import { useSettings } from '../app/shell/settings-context';

export function PlaceholderPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // On a full page this is the page's only heading; in the dashboard the navbar holds the <h1>.
  const Heading = useSettings().settings.layout === 'page' ? 'h1' : 'h2';
  return (
    <section className="td-message-page">
      <Heading>{t(routeTitleKey(pathname))}</Heading>
      <p>{t('placeholder')}</p>
    </section>
  );
}
