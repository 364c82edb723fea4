/**
 * Date and time fields (src/web/ui/pickers.tsx) driven as a person with a keyboard does: a click
 * (which loads the picker; it replaces the read-only placeholder field, focused and open), the
 * value typed as the field reads while edited ('2026-01-15', '21:30', '2026-01-15 18:00'), Enter.
 */
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

export async function typeInPicker(field: Locator, text: string): Promise<void> {
  await field.click();
  // fill waits until the field can be typed into: the picker has replaced the placeholder field and is being edited.
  await field.fill(text);
  await field.press('Enter');
  // The panel closes once the value is taken; until then it may lie over the next field.
  await expect.poll(() => field.page().locator('.td-picker-popup:not(.ant-picker-dropdown-hidden)').count()).toBe(0);
}
