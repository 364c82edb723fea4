/**
 * One category of the /menu list with its items. Memoized with a comparison by content: a toggle
 * makes a new items array for every section, yet only the section holding the toggled item renders.
 * Rows a search leaves out are hidden, not unmounted, so clearing the search mounts nothing.
 */
import { PlusOutlined } from '@ant-design/icons';
import type { Lang } from '@domain/errors';
import type { MenuCategory, MenuItem } from '@domain/menu';
import { inLanguage } from '@domain/names';
import type { Currency } from '@domain/money';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { ItemRow, LocalName, type ItemRowActions } from './item-row';
import { endOf, type DragHandlers } from './use-drag-reorder';

export interface MenuSectionProps {
  category: MenuCategory;
  /** The category's items in order, shown or not. */
  items: readonly MenuItem[];
  visibleIds: ReadonlySet<string>;
  filtering: boolean;
  selectedIds: ReadonlySet<string>;
  /** The drop target while something is dragged over this section, else null. */
  overKey: string | null;
  currency: Currency;
  lang: Lang;
  t: TFunction;
  now: Date;
  canEdit: boolean;
  actions: ItemRowActions;
  drag: DragHandlers;
  onAddItem(categoryId: string): void;
}

function sameProps(before: MenuSectionProps, after: MenuSectionProps): boolean {
  return (Object.keys(after) as (keyof MenuSectionProps)[]).every((key) => {
    if (key === 'items') return before.items.length === after.items.length && before.items.every((item, index) => item === after.items[index]);
    if (key === 'visibleIds' || key === 'selectedIds') return before.items.every((item) => before[key].has(item.id) === after[key].has(item.id));
    return before[key] === after[key];
  });
}

export const MenuSection = memo(function MenuSection(props: MenuSectionProps) {
  const { category, items, visibleIds, filtering, selectedIds, overKey, currency, lang, t, now, canEdit, actions, drag } = props;
  return (
    <section
      className="td-menu-section"
      aria-labelledby={`menu-category-${category.id}`}
      hidden={filtering && !items.some((item) => visibleIds.has(item.id))}
      data-testid="menu-section"
    >
      <h3 id={`menu-category-${category.id}`}>
        <LocalName value={category} lang={lang} />
      </h3>
      <ul className="td-menu-items">
        {items.map((item, position) => (
          <li
            key={item.id}
            className={overKey === item.id ? 'td-menu-item is-drop-target' : 'td-menu-item'}
            hidden={!visibleIds.has(item.id)}
            data-testid="menu-item"
            onDragOver={canEdit ? (event) => drag.over(item.id, event) : undefined}
            onDragLeave={canEdit ? () => drag.leave(item.id) : undefined}
            onDrop={canEdit ? (event) => drag.drop(category.id, item.id, event) : undefined}
          >
            <ItemRow
              item={item}
              currency={currency}
              lang={lang}
              t={t}
              now={now}
              selected={selectedIds.has(item.id)}
              canEdit={canEdit}
              first={position === 0}
              last={position === items.length - 1}
              actions={actions}
              drag={drag}
            />
          </li>
        ))}
      </ul>
      {canEdit && (
        <div
          className={`td-menu-drop-end${overKey === endOf(category.id) ? ' is-drop-target' : ''}`}
          onDragOver={(event) => drag.over(endOf(category.id), event)}
          onDragLeave={() => drag.leave(endOf(category.id))}
          onDrop={(event) => drag.drop(category.id, null, event)}
        >
          <button type="button" className="td-menu-btn td-menu-btn--dashed" onClick={() => props.onAddItem(category.id)}>
            <PlusOutlined /> {t('items.addTo', { name: inLanguage(category, lang).text })}
          </button>
        </div>
      )}
    </section>
  );
}, sameProps);
