/**
 * Guards a screen by the access list the server sent with the session (product.md §1). Display
 * only: the server checks every request on its own. Plain markup, as it ships with the router.
 */
import { canAccess } from '@domain/access';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';

export function RequireAccess({ screen, children }: { screen: string; children: ReactNode }) {
  const { t } = useTranslation('accounts');
  const accessList = useAppSelector((s) => s.accessControl.accessList);
  if (canAccess(accessList, screen)) return <>{children}</>;
  return (
    <section className="td-message-page" data-testid="no-access">
      <h2>{t('noAccess.title')}</h2>
      <p>{t('noAccess.body')}</p>
      <Link className="td-button td-button--primary" to="/home">
        {t('noAccess.home')}
      </Link>
    </section>
  );
}
