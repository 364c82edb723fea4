/**
 * A zone draft checked by the contract the server applies (the schema, zod, turf's self-intersection
 * test): its own module, which the screen loads with the first draft rather than with the list.
 */
import type { Lang } from '@domain/errors';
import type { Currency } from '@domain/money';
import { DeliveryZoneSchema, type DeliveryZone } from '@domain/zones';
import { fieldErrorsByPath, type FieldErrors } from '../../ui/field-errors';
import { issuesToFields } from '../../ui/messages';
import { zoneInputOf, type ZoneDraft } from './zone-draft';

export type ZoneCheck = { errors: FieldErrors; zone: DeliveryZone | null };

export function checkZone(draft: ZoneDraft, currency: Currency, lang: Lang): ZoneCheck {
  const { input, amountProblems } = zoneInputOf(draft, currency);
  const result = DeliveryZoneSchema.safeParse(input, { reportInput: true });
  // An unreadable amount shows as its own message, not as the contract's "required" for the same field.
  const amountPaths = new Set(amountProblems.map((problem) => problem.path));
  const contractProblems = result.success ? [] : issuesToFields(result.error.issues, lang).filter((field) => !amountPaths.has(field.path));
  const problems = [...amountProblems, ...contractProblems];
  return { errors: fieldErrorsByPath(problems, lang), zone: result.success && problems.length === 0 ? result.data : null };
}
