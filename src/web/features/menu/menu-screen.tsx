/**
 * The /menu screen for one truck: categories beside the items, search and filters, bulk
 * availability, drag-and-drop (and keyboard) ordering. The editors are loaded when first opened.
 *
 * Smooth at 300 items: the search box answers a keystroke on its own and the list follows in a
 * transition; filtering reads search text prepared once per item and hides rows rather than
 * unmounting them; rows are memoized and get handler objects that never change, so a toggle
 * re-renders one row and a search none; off-screen rows skip layout and paint (content-visibility
 * in menu.css). bench/menu-screen.bench.ts measures it in Chromium.
 */
import type { Lang } from '@domain/errors';
import type { AvailabilityState, MenuCategory, MenuItem, SoldOutUntil } from '@domain/menu';
import type { Currency } from '@domain/money';
import { Button, Space } from 'antd';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Notice } from '../../ui/notice';
import { useNow } from '../../ui/use-now';
import { CategoryList } from './category-list';
import type { ItemRowActions } from './item-row';
import { MenuSection } from './menu-section';
import {
  menuApi,
  useGetMenuQuery,
  useReorderCategoriesMutation,
  useReorderItemsMutation,
  useSetAvailabilityMutation,
} from './menu.api';
import { filterItems, isFiltering, NO_FILTER, searchIndexOf, sectionsOf, type MenuFilter } from './menu-filter';
import { MenuToolbar } from './menu-toolbar';
import { moveBy, placeBefore } from './reorder';
import { endOf, useDragReorder } from './use-drag-reorder';
import './menu.css';
import { PageLoading } from '../../app/page-loading';
import { loadSnapshots } from '../../app/offline/load-snapshots';

const ItemEditor = lazy(() => import('./item-editor'));
const CategoryDialog = lazy(() => import('./category-dialog'));
const DeleteCategoryDialog = lazy(() => import('./delete-category-dialog'));
const DeleteItemDialog = lazy(() => import('./delete-item-dialog'));

type Dialog =
  | { kind: 'item'; item: MenuItem | null; categoryId: string | null }
  | { kind: 'delete-item'; item: MenuItem }
  | { kind: 'category'; category: MenuCategory | null }
  | { kind: 'delete-category'; category: MenuCategory };

/** The error catalogues load only when something fails: they weigh more than the rest of the screen's code. */
function reportProblem(error: unknown, lang: Lang): void {
  void import('./menu-problem').then(({ toastProblem }) => toastProblem(error, lang));
}

const idsInOrder = (items: readonly MenuItem[], categoryId: string) =>
  items
    .filter((item) => item.categoryId === categoryId)
    .sort((a, b) => a.position - b.position)
    .map((item) => item.id);

export function MenuScreen({ truckId }: { truckId: string }) {
  const { t } = useTranslation('menu');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const { data, isLoading, isError, refetch, fulfilledTimeStamp } = useGetMenuQuery(truckId);
  const dispatch = useAppDispatch();
  // The device queue (decision 018): this screen's reads kept for a start with no connection, and
  // the sold-out switches still waiting to be sent laid over the menu as last read.
  useEffect(() => {
    if (!fulfilledTimeStamp) return;
    void loadSnapshots();
    void import('./offline-menu').then(async ({ waitingAvailability }) => {
      for (const command of await waitingAvailability(truckId)) {
        const soldOut: SoldOutUntil = command.state === 'available' ? null : 'indefinitely';
        (dispatch as (action: unknown) => void)(
          menuApi.util.updateQueryData('getMenu', truckId, (menu) => {
            const items = new Set(command.itemIds);
            const options = new Set(command.optionIds);
            for (const item of menu.items) {
              if (items.has(item.id)) item.soldOutUntil = soldOut;
              for (const group of item.optionGroups) for (const option of group.options) if (options.has(option.id)) option.soldOutUntil = soldOut;
            }
          }),
        );
      }
    });
  }, [dispatch, truckId, fulfilledTimeStamp]);
  // A new menu (the first answer, each refetch after a change) re-renders every row: React does it
  // in the background a few milliseconds at a time, so a tap or a keystroke never waits for it.
  const menu = useDeferredValue(data);
  const [setAvailability] = useSetAvailabilityMutation();
  const [reorderItems] = useReorderItemsMutation();
  const [reorderCategories] = useReorderCategoriesMutation();

  const [filter, setFilter] = useState<MenuFilter>(NO_FILTER);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // A new time each minute, so items sold out "today" come back at midnight without a reload.
  const nowMs = useNow(60_000);
  const now = useMemo(() => new Date(nowMs), [nowMs]);

  const items = useMemo(() => menu?.items ?? [], [menu]);
  const categories = useMemo(() => menu?.categories ?? [], [menu]);
  const index = useMemo(() => searchIndexOf(items), [items]);
  // Every row stays mounted; a search only hides rows, so typing never mounts or re-renders one.
  const sections = useMemo(() => sectionsOf({ categories }, filterItems({ categories, items }, index, NO_FILTER, now), true), [categories, items, index, now]);
  const visible = useMemo(() => filterItems({ categories, items }, index, filter, now), [categories, items, index, filter, now]);
  const visibleIds = useMemo(() => new Set(visible.map((item) => item.id)), [visible]);
  const filtering = isFiltering(filter);
  const counts = useMemo(() => {
    const byCategory = new Map<string, number>();
    for (const item of items) byCategory.set(item.categoryId, (byCategory.get(item.categoryId) ?? 0) + 1);
    return byCategory;
  }, [items]);

  // The handlers below never change; they read the latest menu from here.
  const latest = useRef({ items, categories, lang, filtering });
  useLayoutEffect(() => {
    latest.current = { items, categories, lang, filtering };
  });

  const changeAvailability = useCallback(
    (state: AvailabilityState, itemIds: string[], optionIds: string[]) =>
      setAvailability({ truckId, body: { state, itemIds, optionIds } })
        .unwrap()
        .catch((error: unknown) => reportProblem(error, latest.current.lang)),
    [setAvailability, truckId],
  );

  const saveItemOrder = useCallback(
    (categoryId: string, ids: string[]) =>
      reorderItems({ truckId, body: { categoryId, ids } })
        .unwrap()
        .catch((error: unknown) => reportProblem(error, latest.current.lang)),
    [reorderItems, truckId],
  );

  const saveCategoryOrder = useCallback(
    (ids: string[]) =>
      reorderCategories({ truckId, body: { ids } })
        .unwrap()
        .catch((error: unknown) => reportProblem(error, latest.current.lang)),
    [reorderCategories, truckId],
  );

  const actions = useMemo<ItemRowActions>(
    () => ({
      select: (id, isSelected) =>
        setSelected((current) => {
          const next = new Set(current);
          if (isSelected) next.add(id);
          else next.delete(id);
          return next;
        }),
      edit: (id) => setDialog({ kind: 'item', item: latest.current.items.find((item) => item.id === id) ?? null, categoryId: null }),
      remove: (id) => {
        const item = latest.current.items.find((candidate) => candidate.id === id);
        if (item) setDialog({ kind: 'delete-item', item });
      },
      move: (id, step) => {
        if (latest.current.filtering) return;
        const item = latest.current.items.find((candidate) => candidate.id === id);
        const ids = item && moveBy(idsInOrder(latest.current.items, item.categoryId), id, step);
        if (item && ids) void saveItemOrder(item.categoryId, ids);
      },
      setItemAvailability: (id, state) => void changeAvailability(state, [id], []),
      setOptionAvailability: (id, state) => void changeAvailability(state, [], [id]),
    }),
    [changeAvailability, saveItemOrder],
  );

  const itemDrag = useDragReorder('item', (draggedId, beforeId, categoryId) => {
    if (latest.current.filtering) return;
    void saveItemOrder(categoryId, placeBefore(idsInOrder(latest.current.items, categoryId), draggedId, beforeId));
  });
  const categoryDrag = useDragReorder('category', (draggedId, beforeId) => {
    void saveCategoryOrder(placeBefore(latest.current.categories.map((category) => category.id), draggedId, beforeId));
  });

  const selectCategory = useCallback((categoryId: string | null) => setFilter((current) => ({ ...current, categoryId })), []);
  const addCategory = useCallback(() => setDialog({ kind: 'category', category: null }), []);
  const renameCategory = useCallback((category: MenuCategory) => setDialog({ kind: 'category', category }), []);
  const deleteCategory = useCallback((category: MenuCategory) => setDialog({ kind: 'delete-category', category }), []);
  const moveCategory = useCallback(
    (id: string, step: -1 | 1) => {
      const ids = moveBy(latest.current.categories.map((category) => category.id), id, step);
      if (ids) void saveCategoryOrder(ids);
    },
    [saveCategoryOrder],
  );
  const addItem = useCallback(() => setDialog({ kind: 'item', item: null, categoryId: filter.categoryId }), [filter.categoryId]);
  const addItemTo = useCallback((categoryId: string) => setDialog({ kind: 'item', item: null, categoryId }), []);

  const selectedIds = useMemo(() => items.filter((item) => selected.has(item.id)).map((item) => item.id), [items, selected]);
  const bulk = (state: AvailabilityState) => void changeAvailability(state, selectedIds, []).then(() => setSelected(new Set()));
  const allVisibleSelected = visible.length > 0 && visible.every((item) => selected.has(item.id));

  if (isLoading || (data && !menu)) return <PageLoading />;
  if (isError || !menu) {
    return (
      <Notice kind="error">
        {t('loadFailed')}{' '}
        <Button size="small" onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  }
  const currency = menu.currency as Currency;
  // The owner edits everything; staff switch availability only (the server holds to the same).
  const canEdit = menu.relation === 'owner';

  return (
    <div className="td-menu">
      <CategoryList
        categories={categories}
        counts={counts}
        total={items.length}
        selectedId={filter.categoryId}
        lang={lang}
        canEdit={canEdit}
        overKey={categoryDrag.overKey}
        drag={categoryDrag.handlers}
        onSelect={selectCategory}
        onAdd={addCategory}
        onRename={renameCategory}
        onDelete={deleteCategory}
        onMove={moveCategory}
      />

      <section className="td-menu-main" aria-label={t('items.title')}>
        <MenuToolbar filter={filter} setFilter={setFilter} onAddItem={canEdit ? addItem : undefined} canAddItem={categories.length > 0} />

        <div className="td-menu-bulk" aria-live="polite">
          {/* A plain checkbox, as on every row: antd's would weigh more than the toolbar it sits under. */}
          <label className="td-menu-bulk__all">
            <input
              type="checkbox"
              className="td-menu-check"
              ref={(input) => {
                if (input) input.indeterminate = !allVisibleSelected && visible.some((item) => selected.has(item.id));
              }}
              checked={allVisibleSelected}
              disabled={visible.length === 0}
              onChange={(event) => setSelected(event.target.checked ? new Set([...selected, ...visible.map((item) => item.id)]) : new Set())}
            />
            {selectedIds.length > 0 ? t('bulk.selected', { count: selectedIds.length }) : t('bulk.selectAll')}
          </label>
          {selectedIds.length > 0 && (
            <Space wrap size={4}>
              <Button size="small" onClick={() => bulk('sold_out_today')} data-testid="bulk-sold-out-today">
                {t('availability.soldOutToday')}
              </Button>
              <Button size="small" danger onClick={() => bulk('sold_out')}>
                {t('availability.soldOut')}
              </Button>
              <Button size="small" type="primary" ghost onClick={() => bulk('available')}>
                {t('availability.available')}
              </Button>
              <Button size="small" type="text" onClick={() => setSelected(new Set())}>
                {t('bulk.clear')}
              </Button>
            </Space>
          )}
          <span className="td-menu-bulk__count">
            {filtering ? t('items.shown', { shown: visible.length, count: items.length }) : t('items.count', { count: items.length })}
          </span>
        </div>

        {categories.length === 0 ? (
          <div className="td-menu-empty">
            <p>{canEdit ? t('empty.owner') : t('empty.staff')}</p>
            {canEdit && (
              <Button type="primary" onClick={() => setDialog({ kind: 'category', category: null })}>
                {t('categories.add')}
              </Button>
            )}
          </div>
        ) : (
          <div className={filtering ? 'td-menu-list is-filtering' : 'td-menu-list'}>
            {filtering && visible.length === 0 && <p className="td-menu-empty">{t('empty.noMatch')}</p>}
            {filtering && canEdit && visible.length > 0 && <p className="td-menu-hint">{t('list.filteredHint')}</p>}
            {sections.map(({ category, items: sectionItems }) => (
              <MenuSection
                key={category.id}
                category={category}
                items={sectionItems}
                visibleIds={visibleIds}
                filtering={filtering}
                selectedIds={selected}
                overKey={itemDrag.overKey !== null && (itemDrag.overKey === endOf(category.id) || sectionItems.some((item) => item.id === itemDrag.overKey)) ? itemDrag.overKey : null}
                currency={currency}
                lang={lang}
                t={t}
                now={now}
                canEdit={canEdit}
                actions={actions}
                drag={itemDrag.handlers}
                onAddItem={addItemTo}
              />
            ))}
          </div>
        )}
      </section>

      <Suspense fallback={null}>
        {dialog?.kind === 'item' && (
          <ItemEditor truckId={truckId} currency={currency} categories={categories} item={dialog.item} categoryId={dialog.categoryId} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'category' && <CategoryDialog truckId={truckId} category={dialog.category} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'delete-item' && <DeleteItemDialog truckId={truckId} item={dialog.item} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'delete-category' && (
          <DeleteCategoryDialog truckId={truckId} category={dialog.category} categories={categories} itemCount={counts.get(dialog.category.id) ?? 0} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </div>
  );
}
