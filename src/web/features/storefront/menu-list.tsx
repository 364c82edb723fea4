/** The menu by category: photos, dietary tags, prices; sold-out items shown but not orderable. */
import { useWording } from './i18n';
import type { PageFormat } from './format';
import type { PublicMenu, PublicMenuItem } from './page-data';
import { detailSeparator } from '@domain/locale';
import { descriptionIn, nameIn } from '@domain/names';

export function MenuList({ menu, format, onChoose }: { menu: PublicMenu; format: PageFormat; onChoose(item: PublicMenuItem): void }) {
  const { lang, t } = useWording();
  return (
    <>
      <nav className="sf-categories" aria-label={t('menu.categories')}>
        {menu.categories.map((category) => (
          <a key={category.id} href={`#c-${category.id}`}>
            {nameIn(category, lang)}
          </a>
        ))}
      </nav>
      <h2 className="sf-visually-hidden">{t('menu.title')}</h2>
      {menu.categories.map((category) => (
        <section key={category.id} id={`c-${category.id}`} className="sf-section" aria-labelledby={`h-${category.id}`}>
          <h3 id={`h-${category.id}`}>{nameIn(category, lang)}</h3>
          <ul className="sf-items">
            {category.items.map((item, index) => (
              <li key={item.id} className={item.available ? 'sf-item' : 'sf-item sf-item--sold-out'} data-testid="menu-item">
                <div className="sf-item__text">
                  <h4>{nameIn(item, lang)}</h4>
                  {descriptionIn(item, lang) && <p className="sf-muted">{descriptionIn(item, lang)}</p>}
                  {item.tags.length > 0 && (
                    <ul className="sf-tags">
                      {item.tags.map((tag) => (
                        <li key={tag}>{t(`tags.${tag}`)}</li>
                      ))}
                    </ul>
                  )}
                  <p className="sf-item__price">
                    {format.money(item.priceMinor)}
                    {item.calories !== null && (
                      <span className="sf-muted">
                        {detailSeparator(lang)}
                        {t('menu.calories', { count: item.calories })}
                      </span>
                    )}
                  </p>
                </div>
                <div className="sf-item__side">
                  {item.photoUrl && (
                    // The first photos are in view at once; the rest load as the customer scrolls.
                    <img src={item.photoUrl} alt="" width={96} height={96} loading={index < 2 ? 'eager' : 'lazy'} decoding="async" />
                  )}
                  {item.available ? (
                    <button type="button" className="sf-secondary" aria-label={t('menu.addNamed', { item: nameIn(item, lang) })} onClick={() => onChoose(item)}>
                      {t('menu.add')}
                    </button>
                  ) : (
                    <span className="sf-badge">{t('menu.soldOut')}</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
