/**
 * One item of the /menu list: what is inside its <li> (the screen renders the <li> itself, so that
 * hiding a row for a search or marking it as a drop target never re-renders what is inside).
 *
 * Memoized on its props, which are the item (a new object only when that item changed), a few flags
 * and objects that never change: a toggle re-renders one row, a search none. Plain elements and a
 * `t` handed down rather than Ant Design components and a translation hook per row: a 300-item menu
 * would otherwise mount some 3000 components and 600 i18n subscriptions.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, HolderOutlined } from '@ant-design/icons';
import type { Lang } from '@domain/errors';
import { detailSeparator } from '@domain/locale';
import type { MenuItem } from '@domain/menu';
import { isAvailable, type AvailabilityState } from '@domain/menu/line-pricing';
import { inLanguage } from '@domain/names';
import type { Currency } from '@domain/money';
import { formatMoney } from '@domain/money/minor';
import type { TFunction } from 'i18next';
import { memo, useState } from 'react';
import { AvailabilityControl } from './availability-control';
import type { DragHandlers } from './use-drag-reorder';

export interface ItemRowActions {
  select(id: string, selected: boolean): void;
  edit(id: string): void;
  /** Asks first (the screen's dialog), then deletes. */
  remove(id: string): void;
  /** Ignored while the list is filtered: the order is the whole category's. */
  move(id: string, step: -1 | 1): void;
  setItemAvailability(id: string, state: AvailabilityState): void;
  setOptionAvailability(id: string, state: AvailabilityState): void;
}

export interface ItemRowProps {
  item: MenuItem;
  currency: Currency;
  lang: Lang;
  /** The menu namespace's t. */
  t: TFunction;
  /** The screen's clock, ticking each minute, so "sold out today" ends at midnight on screen too. */
  now: Date;
  selected: boolean;
  canEdit: boolean;
  /** First and last in the whole category, for the move buttons. */
  first: boolean;
  last: boolean;
  actions: ItemRowActions;
  drag: DragHandlers;
}

/** A name in the interface's language, or the other one marked as such (screen readers switch voice). */
export function LocalName({ value, lang }: { value: { nameEn: string; nameAr: string }; lang: Lang }) {
  const shown = inLanguage(value, lang);
  return shown.lang === lang ? <>{shown.text}</> : <span lang={shown.lang} dir="auto">{shown.text}</span>;
}

export const ItemRow = memo(function ItemRow({ item, currency, lang, t, now, selected, canEdit, first, last, actions, drag }: ItemRowProps) {
  const [showOptions, setShowOptions] = useState(false);
  const name = inLanguage(item, lang).text;
  const other = lang === 'en' ? item.nameAr : item.nameEn;
  const description = inLanguage({ nameEn: item.descriptionEn, nameAr: item.descriptionAr }, lang);
  const available = isAvailable(item, now);
  const soldOut = available ? '' : ' is-sold-out';
  const options = item.optionGroups.flatMap((group) => group.options.map((option) => ({ group, option })));

  return (
    <>
      <input type="checkbox" className="td-menu-check" checked={selected} onChange={(event) => actions.select(item.id, event.target.checked)} aria-label={t('list.select', { name })} />
      {canEdit && (
        <span className="td-menu-handle" draggable onDragStart={(event) => drag.start(item.id, event)} onDragEnd={drag.end} title={t('list.dragHint')} aria-hidden="true" data-testid="drag-handle">
          <HolderOutlined />
        </span>
      )}
      {item.photoUrl ? <img className="td-menu-item__photo" src={item.photoUrl} alt="" loading="lazy" width={56} height={56} /> : <span className="td-menu-item__photo" aria-hidden="true" />}
      <div className="td-menu-item__text">
        <div className={`td-menu-item__name${soldOut}`}>
          <LocalName value={item} lang={lang} />
          {other && other !== name && (
            <span className="td-menu-item__other" lang={lang === 'en' ? 'ar' : 'en'} dir="auto">
              {other}
            </span>
          )}
        </div>
        {description.text && (
          <p className="td-menu-item__description" lang={description.lang} dir="auto">
            {description.text}
          </p>
        )}
        <div className="td-menu-item__facts">
          {item.tags.map((tag) => (
            <span key={tag} className="td-menu-tag">
              {t(`tags.${tag}`)}
            </span>
          ))}
          {item.prepMinutes !== null && <span>{t('list.prepMinutes', { count: item.prepMinutes })}</span>}
          {options.length > 0 && (
            <button type="button" className="td-menu-link" onClick={() => setShowOptions((open) => !open)} aria-expanded={showOptions}>
              {t('list.options', { count: options.length })}
            </button>
          )}
        </div>
        {showOptions && (
          <ul className="td-menu-options">
            {options.map(({ group, option }) => (
              <li key={option.id}>
                <span className="td-menu-options__name">
                  <LocalName value={group} lang={lang} />
                  {detailSeparator(lang)}
                  <LocalName value={option} lang={lang} />
                  {option.priceDeltaMinor > 0 && <> +{formatMoney(option.priceDeltaMinor, currency, lang)}</>}
                </span>
                <AvailabilityControl
                  t={t}
                  id={option.id}
                  soldOutUntil={option.soldOutUntil}
                  available={isAvailable(option, now)}
                  name={inLanguage(option, lang).text}
                  onChange={(state) => actions.setOptionAvailability(option.id, state)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <span className={`td-menu-item__price${soldOut}`}>{formatMoney(item.priceMinor, currency, lang)}</span>
      <AvailabilityControl t={t} id={item.id} soldOutUntil={item.soldOutUntil} available={available} name={name} onChange={(state) => actions.setItemAvailability(item.id, state)} />
      {canEdit && (
        <span className="td-menu-item__actions">
          <button type="button" className="td-menu-icon td-menu-move" disabled={first} onClick={() => actions.move(item.id, -1)} aria-label={t('list.moveUp', { name })}>
            <ArrowUpOutlined />
          </button>
          <button type="button" className="td-menu-icon td-menu-move" disabled={last} onClick={() => actions.move(item.id, 1)} aria-label={t('list.moveDown', { name })}>
            <ArrowDownOutlined />
          </button>
          <button type="button" className="td-menu-icon" onClick={() => actions.edit(item.id)} aria-label={t('list.edit', { name })} data-testid="edit-item">
            <EditOutlined />
          </button>
          <button type="button" className="td-menu-icon td-menu-icon--danger" onClick={() => actions.remove(item.id)} aria-label={t('list.deleteItem', { name })}>
            <DeleteOutlined />
          </button>
        </span>
      )}
    </>
  );
});
