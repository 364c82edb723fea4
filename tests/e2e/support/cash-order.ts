/** A cash order typed in at the counter through the phone-order form, for the offline journeys. */
import type { Page } from 'playwright-core';
import type { Menu } from '../../../src/domain/menu';
import type en from '../../../src/domain/i18n/en/orders.json';

export async function takeCashOrder(page: Page, t: typeof en, lang: 'en' | 'ar', item: Menu['items'][number], customer: string): Promise<void> {
  await page.getByRole('button', { name: t.phone.open }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('phone-menu-search').fill(lang === 'en' ? item.nameEn : item.nameAr);
  await dialog.getByTestId('phone-menu-item').first().click();
  await dialog.getByTestId('phone-name').fill(customer);
  await dialog.getByTestId('phone-phone').fill('55512345');
  await page.getByRole('button', { name: t.phone.place }).click();
  await dialog.waitFor({ state: 'hidden' });
}
