/**
 * Choosing an item's options before it goes into the basket: each group's required / min / max rule
 * is checked by the same function intake uses, and the item cannot be added until it holds.
 */
import { useEffect, useRef, useState } from 'react';
import { detailSeparator } from '@domain/locale';
import { groupFull, MENU_LIMITS, pickOption, priceLine, type LineProblem } from '@domain/menu/line-pricing';
import { pricingItem, type CartLine } from './cart';
import type { PageFormat } from './format';
import { useWording, type Translate } from './i18n';
import type { PublicMenuItem } from './page-data';
import { Sheet } from './sheet';
import { nameIn } from '@domain/names';

type Group = PublicMenuItem['optionGroups'][number];

function groupRule(group: Group, t: Translate): string {
  if (group.maxSelections === 1 && (group.required || group.minSelections === 1)) return t('item.pickOne');
  if (group.minSelections > 0 && group.maxSelections > group.minSelections) return t('item.pickRange', { min: group.minSelections, max: group.maxSelections });
  if (group.minSelections > 0) return t('item.pickAtLeast', { count: group.minSelections });
  return t('item.pickUpTo', { count: group.maxSelections });
}

function problemText(problem: LineProblem, item: PublicMenuItem, lang: 'en' | 'ar', t: Translate): string {
  const group = 'groupId' in problem ? item.optionGroups.find((g) => g.id === problem.groupId) : undefined;
  const option = 'optionId' in problem ? item.optionGroups.flatMap((g) => g.options).find((o) => o.id === problem.optionId) : undefined;
  return t(`item.problems.${problem.code}`, {
    group: group ? nameIn(group, lang) : '',
    option: option ? nameIn(option, lang) : '',
    max: 'max' in problem ? problem.max : '',
    // The number a group's rule counts picks the sentence's plural form.
    ...('min' in problem ? { count: problem.min } : 'max' in problem ? { count: problem.max } : {}),
  });
}

export function ItemDialog({ item, format, onClose, onAdd }: { item: PublicMenuItem; format: PageFormat; onClose(): void; onAdd(line: Omit<CartLine, 'key'>): void }) {
  const { lang, t } = useWording();
  const [picked, setPicked] = useState<string[]>(() => item.optionGroups.flatMap((group) => (group.required && group.maxSelections === 1 ? group.options.filter((o) => o.available).slice(0, 1).map((o) => o.id) : [])));
  const [qty, setQty] = useState(1);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const priced = priceLine(pricingItem(item), picked, qty);
  const problems = priced.ok ? [] : priced.problems;
  const firstControl = useRef<HTMLInputElement>(null);
  useEffect(() => firstControl.current?.focus(), []);

  const toggle = (group: Group, optionId: string, checked: boolean) => setPicked((current) => pickOption(group, current, optionId, checked));

  const unitPrice = priced.ok ? priced.unitPrice : item.priceMinor;
  return (
    <Sheet title={nameIn(item, lang)} closeLabel={t('item.close')} onClose={onClose}>
      <form
        className="sf-form"
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (priced.ok) onAdd({ itemId: item.id, optionIds: picked, qty, note });
        }}
      >
        {item.optionGroups.map((group, groupIndex) => {
          const single = group.maxSelections === 1;
          const full = groupFull(group, picked);
          const groupProblems = tried ? problems.filter((p) => 'groupId' in p && p.groupId === group.id) : [];
          return (
            <fieldset key={group.id} className="sf-fieldset" aria-describedby={groupProblems.length ? `p-${group.id}` : undefined}>
              <legend>
                {nameIn(group, lang)}
                <span className="sf-muted">
                  {detailSeparator(lang)}
                  {groupRule(group, t)}
                </span>
                {(group.required || group.minSelections > 0) && (
                  <span className="sf-required">
                    {detailSeparator(lang)}
                    {t('item.required')}
                  </span>
                )}
              </legend>
              {group.options.map((option, optionIndex) => (
                <label key={option.id} className={option.available ? 'sf-choice' : 'sf-choice sf-choice--off'}>
                  <input
                    ref={groupIndex === 0 && optionIndex === 0 ? firstControl : undefined}
                    type={single ? 'radio' : 'checkbox'}
                    name={`g-${group.id}`}
                    checked={picked.includes(option.id)}
                    disabled={!option.available || (full && !picked.includes(option.id))}
                    onChange={(event) => toggle(group, option.id, event.target.checked)}
                  />
                  <span>{nameIn(option, lang)}</span>
                  <span className="sf-muted">{option.available ? (option.priceDeltaMinor ? `+${format.money(option.priceDeltaMinor)}` : '') : t('menu.soldOut')}</span>
                </label>
              ))}
              {full && (
                <p className="sf-muted" role="status" data-testid="group-full">
                  {t('item.groupFull')}
                </p>
              )}
              {groupProblems.length > 0 && (
                <p id={`p-${group.id}`} className="sf-error" role="alert">
                  {groupProblems.map((p) => problemText(p, item, lang, t)).join(' ')}
                </p>
              )}
            </fieldset>
          );
        })}
        <div className="sf-qty" role="group" aria-label={t('item.quantity')}>
          <button type="button" className="sf-round" aria-label={t('item.less')} disabled={qty <= 1} onClick={() => setQty(qty - 1)}>
            −
          </button>
          <output aria-live="polite">{format.number(qty)}</output>
          <button type="button" className="sf-round" aria-label={t('item.more')} disabled={qty >= MENU_LIMITS.lineQuantity} onClick={() => setQty(qty + 1)}>
            +
          </button>
        </div>
        <label className="sf-field">
          <span>{t('item.note')}</span>
          <input type="text" maxLength={200} value={note} placeholder={t('item.notePlaceholder')} onChange={(event) => setNote(event.target.value)} />
        </label>
        <button type="submit" className="sf-primary" aria-disabled={!priced.ok}>
          {t('item.addToCart', { price: format.money(unitPrice * qty) })}
        </button>
      </form>
    </Sheet>
  );
}
