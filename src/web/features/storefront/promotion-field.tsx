/**
 * The basket's promotion code (issue 44): the customer types a code and applies it; the page asks
 * the truck whether it applies to this basket now (the public check, which uses nothing) and shows
 * the discount, or the reason it does not apply in the page's words. Without a code it asks for an
 * automatic promotion (a happy hour) and shows it when one applies. Asked again whenever the basket's
 * amount or pickup/delivery changes; the order itself redeems the code.
 */
import { useEffect, useState } from 'react';
import type { Currency } from '@domain/money/minor';
import { reasonValues } from '@domain/promotions/format';
import type { PromotionPreview } from '@domain/promotions';
import { checkPromotion } from './storefront.api';
import type { PageFormat } from './format';
import { useWording } from './i18n';

export interface AppliedPromotion {
  /** The code to send with the order (null: the automatic promotion, sent as no code). */
  code: string | null;
  amount: number;
}

export function usePromotion(slug: string, subtotal: number, type: 'pickup' | 'delivery', phone: string) {
  const { lang } = useWording();
  const [code, setCode] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ ask: string; preview: PromotionPreview | null } | null>(null);
  const ask = JSON.stringify([code ?? '', subtotal, type, phone]);
  useEffect(() => {
    if (subtotal <= 0) return;
    let live = true;
    checkPromotion(slug, lang, { ...(code ? { code } : {}), subtotal, type, ...(/^\+\d{8,15}$/.test(phone) ? { phone } : {}) }).then(
      (preview) => live && setAnswer({ ask, preview }),
      () => live && setAnswer({ ask, preview: null }),
    );
    return () => {
      live = false;
    };
  }, [ask, code, subtotal, type, phone, slug, lang]);
  const preview = answer?.ask === ask ? answer.preview : null;
  const applied: AppliedPromotion | null = preview?.applies ? { code: preview.code, amount: preview.amount } : null;
  return { code, apply: setCode, preview, checking: subtotal > 0 && answer?.ask !== ask, applied };
}

export function PromotionField({ promotion, currency, format }: { promotion: ReturnType<typeof usePromotion>; currency: Currency; format: PageFormat }) {
  const { lang, t } = useWording();
  const [typed, setTyped] = useState(promotion.code ?? '');
  const { preview } = promotion;
  const refused = preview && !preview.applies && preview.reason !== 'none' ? preview : null;
  return (
    <fieldset className="sf-fieldset" data-testid="promotion">
      <legend>{t('promotion.title')}</legend>
      <div className="sf-row">
        <label className="sf-field">
          <span className="sf-visually-hidden">{t('promotion.code')}</span>
          <input type="text" dir="auto" autoComplete="off" autoCapitalize="characters" maxLength={40} placeholder={t('promotion.code')} value={typed} onChange={(event) => setTyped(event.target.value)} data-testid="promotion-code" />
        </label>
        {promotion.code ? (
          <button
            type="button"
            className="sf-secondary"
            onClick={() => {
              setTyped('');
              promotion.apply(null);
            }}
            data-testid="promotion-remove"
          >
            {t('promotion.remove')}
          </button>
        ) : (
          <button type="button" className="sf-secondary" disabled={typed.trim() === ''} onClick={() => promotion.apply(typed.trim())} data-testid="promotion-apply">
            {t('promotion.apply')}
          </button>
        )}
      </div>
      <p className={refused ? 'sf-error' : 'sf-muted'} role="status" data-testid="promotion-status">
        {promotion.checking && promotion.code
          ? t('promotion.checking')
          : preview?.applies
            ? t(preview.code ? 'promotion.applied' : 'promotion.automatic', { name: preview.name, amount: format.money(preview.amount) })
            : refused
              ? t(`promotion.reasons.${refused.reason}`, reasonValues(refused.params, currency, lang, true))
              : ''}
      </p>
    </fieldset>
  );
}
