/**
 * The categories beside the items (on a phone, a sideways-scrolling row of chips above them, menu.css):
 * choosing one filters the list; the owner adds, renames, deletes and reorders them (drag by the
 * handle, or the up/down buttons from the keyboard).
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import type { Lang } from '@domain/errors';
import type { MenuCategory } from '@domain/menu';
import { inLanguage } from '@domain/names';
import { Button } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalName } from './item-row';
import { formatCount } from './menu-numbers';
import { endOf, type DragHandlers } from './use-drag-reorder';

export interface CategoryListProps {
  categories: readonly MenuCategory[];
  counts: ReadonlyMap<string, number>;
  total: number;
  selectedId: string | null;
  lang: Lang;
  canEdit: boolean;
  overKey: string | null;
  drag: DragHandlers;
  onSelect(id: string | null): void;
  onAdd(): void;
  onRename(category: MenuCategory): void;
  onDelete(category: MenuCategory): void;
  onMove(id: string, step: -1 | 1): void;
}

const ZONE = 'categories';

function sameProps(before: CategoryListProps, after: CategoryListProps): boolean {
  const keys = Object.keys(after) as (keyof CategoryListProps)[];
  return keys.every((key) =>
    key === 'counts'
      ? before.counts.size === after.counts.size && [...after.counts].every(([id, count]) => before.counts.get(id) === count)
      : before[key] === after[key],
  );
}

/** Memoized, counts compared by value: a toggle or a keystroke in the item list leaves it alone. */
export const CategoryList = memo(function CategoryList(props: CategoryListProps) {
  const { categories, counts, total, selectedId, lang, canEdit, overKey, drag } = props;
  const { t } = useTranslation('menu');
  return (
    <nav className="td-menu-categories" aria-label={t('categories.title')}>
      <h2>{t('categories.title')}</h2>
      <ul>
        <li>
          <button type="button" className="td-menu-category__choose" aria-pressed={selectedId === null} onClick={() => props.onSelect(null)}>
            <span className="td-menu-category__name">{t('categories.all')}</span>
            <span className="td-menu-category__count">{formatCount(total, lang)}</span>
          </button>
        </li>
        {categories.map((category, index) => {
          const name = inLanguage(category, lang).text;
          return (
            <li
              key={category.id}
              className={`td-menu-category${overKey === category.id ? ' is-drop-target' : ''}`}
              data-testid="menu-category"
              onDragOver={canEdit ? (event) => drag.over(category.id, event) : undefined}
              onDragLeave={canEdit ? () => drag.leave(category.id) : undefined}
              onDrop={canEdit ? (event) => drag.drop(ZONE, category.id, event) : undefined}
            >
              {canEdit && (
                <span className="td-menu-handle" draggable onDragStart={(event) => drag.start(category.id, event)} onDragEnd={drag.end} title={t('list.dragHint')} aria-hidden="true">
                  <HolderOutlined />
                </span>
              )}
              <button type="button" className="td-menu-category__choose" aria-pressed={selectedId === category.id} onClick={() => props.onSelect(category.id)}>
                <span className="td-menu-category__name">
                  <LocalName value={category} lang={lang} />
                </span>
                <span className="td-menu-category__count">{formatCount(counts.get(category.id) ?? 0, lang)}</span>
              </button>
              {canEdit && (
                <span className="td-menu-category__actions">
                  <button type="button" className="td-menu-icon" disabled={index === 0} onClick={() => props.onMove(category.id, -1)} aria-label={t('list.moveUp', { name })}>
                    <ArrowUpOutlined />
                  </button>
                  <button type="button" className="td-menu-icon" disabled={index === categories.length - 1} onClick={() => props.onMove(category.id, 1)} aria-label={t('list.moveDown', { name })}>
                    <ArrowDownOutlined />
                  </button>
                  <button type="button" className="td-menu-icon" onClick={() => props.onRename(category)} aria-label={t('categories.rename', { name })}>
                    <EditOutlined />
                  </button>
                  <button type="button" className="td-menu-icon td-menu-icon--danger" onClick={() => props.onDelete(category)} aria-label={t('categories.delete', { name })}>
                    <DeleteOutlined />
                  </button>
                </span>
              )}
            </li>
          );
        })}
        {canEdit && (
          // Also where a category is dropped to become the last one.
          <li
            className={`td-menu-drop-end${overKey === endOf(ZONE) ? ' is-drop-target' : ''}`}
            onDragOver={(event) => drag.over(endOf(ZONE), event)}
            onDragLeave={() => drag.leave(endOf(ZONE))}
            onDrop={(event) => drag.drop(ZONE, null, event)}
          >
            <Button size="small" type="dashed" block icon={<PlusOutlined />} onClick={props.onAdd} data-testid="add-category">
              {t('categories.add')}
            </Button>
          </li>
        )}
      </ul>
    </nav>
  );
}, sameProps);
