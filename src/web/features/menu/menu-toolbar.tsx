/**
 * Search, the availability filter, dietary tags and "Add item": the row above the list. The search
 * box keeps its own text, so a keystroke renders this toolbar only; the list follows in a transition
 * that React may interrupt for the next keystroke.
 */
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { DIETARY_TAGS } from '@domain/menu/line-pricing';
import { Button, Input, Radio, Tag } from 'antd';
import { memo, startTransition, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailabilityFilter, MenuFilter } from './menu-filter';

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
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('filters.search')}
        aria-label={t('filters.search')}
        value={search}
        onChange={(event) => {
          const text = event.target.value;
          setSearch(text);
          change((current) => ({ ...current, search: text }));
        }}
        data-testid="menu-search"
      />
      <Radio.Group
        optionType="button"
        size="small"
        value={filter.availability}
        onChange={(event) => change((current) => ({ ...current, availability: event.target.value as AvailabilityFilter }))}
        options={(['all', 'available', 'sold_out'] as const).map((value) => ({ value, label: t(`filters.${value}`) }))}
        aria-label={t('filters.availability')}
      />
      <div className="td-menu-toolbar__tags" role="group" aria-label={t('filters.tags')}>
        {DIETARY_TAGS.map((tag) => (
          <Tag.CheckableTag
            key={tag}
            checked={filter.tags.includes(tag)}
            onChange={(checked) => change((current) => ({ ...current, tags: checked ? [...current.tags, tag] : current.tags.filter((other) => other !== tag) }))}
          >
            {t(`tags.${tag}`)}
          </Tag.CheckableTag>
        ))}
      </div>
      {onAddItem && (
        <Button type="primary" icon={<PlusOutlined />} disabled={!canAddItem} onClick={onAddItem} data-testid="add-item">
          {t('items.add')}
        </Button>
      )}
    </div>
  );
});
