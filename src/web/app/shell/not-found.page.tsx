import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="td-message-page" data-testid="not-found">
      <p className="td-message-page__code" aria-hidden="true">404</p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link className="td-button td-button--primary" to="/">
        {t('notFound.back')}
      </Link>
    </section>
  );
}
