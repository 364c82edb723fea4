/**
 * Search, the availability filter, dietary tags and "Add item": the row above the list. The search
 * box keeps its own text, so a keystroke renders this toolbar only; the list follows in a transition
 * that React may interrupt for the next keystroke.
 */
import { PlusOutlined } from '@ant-design/icons';
import { DIETARY_TAGS } from '@domain/menu/line-pricing';
import { Button } from 'antd';
import { memo, startTransition, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckChips, RadioChips } from '../../ui/chips';
import { NativeInput } from '../../ui/native-fields';
import type { AvailabilityFilter, MenuFilter } from './menu-filter';

const AVAILABILITY_FILTERS: readonly AvailabilityFilter[] = ['all', 'available', 'sold_out'];

export interface MenuToolbarProps {
  filter: MenuFilter;
  setFilter: Dispatch<SetStateAction<MenuFilter>>;
  /** Absent for staff, and disabled while the menu has no category to put an item in. */
  onAddItem?: () => void;
  canAddItem: boolean;
}

export const MenuToolbar = memo(function MenuToolbar({ filter, setFilter, onAddItem, canAddItem }: MenuToolbarProps) {
  const { t } = useTranslation('menu');
  const [search, setSearch] = useState(filter.search);
  const change = (update: (current: MenuFilter) => MenuFilter) => startTransition(() => setFilter(update));
  return (
    <div className="td-menu-toolbar" role="search">
      <NativeInput
        type="search"
        className="td-menu-toolbar__search"
        placeholder={t('filters.search')}
        aria-label={t('filters.search')}
        value={search}
        onChange={(event) => {
          const text = event.target.value;
          setSearch(text);
          change((current) => ({ ...current, search: text }));
        }}
        testId="menu-search"
      />
      <RadioChips
        name="menu-availability"
        label={t('filters.availability')}
        value={filter.availability}
        onChange={(availability) => change((current) => ({ ...current, availability }))}
        options={AVAILABILITY_FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))}
      />
      <CheckChips
        label={t('filters.tags')}
        value={filter.tags}
        onChange={(tag, checked) => change((current) => ({ ...current, tags: checked ? [...current.tags, tag] : current.tags.filter((other) => other !== tag) }))}
        options={DIETARY_TAGS.map((tag) => ({ value: tag, label: t(`tags.${tag}`) }))}
      />
      {onAddItem && (
        <Button type="primary" icon={<PlusOutlined />} disabled={!canAddItem} onClick={onAddItem} data-testid="add-item">
          {t('items.add')}
        </Button>
      )}
    </div>
  );
});
