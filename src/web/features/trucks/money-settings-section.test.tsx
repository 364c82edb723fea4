/**
 * The Tax and tips section of /truck-info, in English and in Arabic: a first visit suggests the
 * country of the truck's currency and its usual VAT rate; a save sends the percentages as basis
 * points; a Saudi VAT number of the wrong form is refused on its field in the interface language and
 * nothing is sent; the server's refusal lands on the field it names.
 */
import arFields from '@domain/i18n/ar/fields.json';
import enFields from '@domain/i18n/en/fields.json';
import type { MoneySettings } from '@domain/money/settings';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AntdProvider } from '../../app/antd-provider';
import { langDirFor, type UiLang } from '../../app/lang-dir.slice';
import { Providers } from '../../app/providers';
import { makeStore } from '../../app/store';
import { installMatchMedia, stubRelativeRequests } from '../../app/test-support';
import { initI18n } from '../../i18n/i18n';
import MoneySettingsSection from './money-settings-section';

const TRUCK = '11111111-1111-4111-8111-111111111111';
/** A truck that never set its money: what the migration gives. */
const FRESH: MoneySettings = {
  taxMode: 'none',
  taxRateBp: 0,
  pricesIncludeTax: true,
  deliveryFeeTaxed: true,
  taxCountry: null,
  taxRegistrationNumber: null,
  tipsEnabled: false,
  tipPresetsBp: [0, 500, 1000, 1500],
  tipCapBp: 3000,
};

let puts: unknown[];
let putAnswer: () => Response;

beforeEach(() => {
  puts = [];
  installMatchMedia(360);
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  stubRelativeRequests();
  putAnswer = () => Response.json(puts.at(-1), { status: 200 });
  vi.stubGlobal('fetch', async (request: Request) => {
    if (request.method === 'GET') return Response.json(FRESH, { status: 200 });
    puts.push(await request.json());
    return putAnswer();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderSection(lang: UiLang) {
  await initI18n(lang);
  const store = makeStore({ lang_dir: langDirFor(lang) });
  render(
    <Providers store={store} langDir={langDirFor(lang)}>
      <AntdProvider>
        <MoneySettingsSection truckId={TRUCK} currency="SAR" />
      </AntdProvider>
    </Providers>,
  );
  return screen.findByTestId('money-settings-form');
}

const type = (form: HTMLElement, testId: string, value: string) => fireEvent.change(within(form).getByTestId(testId), { target: { value } });
const save = (form: HTMLElement) => act(async () => fireEvent.click(within(form).getByTestId('money-save')));

describe.each([
  { lang: 'en' as const, title: 'Tax and tips', rateMode: 'Charge tax at a rate', fields: enFields },
  { lang: 'ar' as const, title: 'الضريبة والإكرامية', rateMode: 'ضريبة بنسبة', fields: arFields },
])('the Tax and tips section ($lang)', ({ lang, title, rateMode, fields }) => {
  it('suggests Saudi Arabia and 15 % for a SAR truck and saves VAT and tips as basis points', async () => {
    const form = await renderSection(lang);
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect((within(form).getByTestId('money-country') as HTMLSelectElement).value).toBe('SA');
    fireEvent.click(within(form).getByLabelText(rateMode));
    expect((within(form).getByTestId('money-rate') as HTMLInputElement).value).toBe('15');
    // Another country: its usual rate follows, until someone types one of their own.
    fireEvent.change(within(form).getByTestId('money-country'), { target: { value: 'AE' } });
    expect((within(form).getByTestId('money-rate') as HTMLInputElement).value).toBe('5');
    fireEvent.change(within(form).getByTestId('money-country'), { target: { value: 'KW' } });
    expect((within(form).getByTestId('money-rate') as HTMLInputElement).value).toBe('5');
    fireEvent.change(within(form).getByTestId('money-country'), { target: { value: 'SA' } });
    expect((within(form).getByTestId('money-rate') as HTMLInputElement).value).toBe('5');
    type(form, 'money-rate', '15');
    // Arabic-Indic digits as an Arabic keyboard types them: sent as the Latin digits the contract keeps.
    type(form, 'money-number', lang === 'ar' ? '٣٠٠٠٠٠٠٠٠٠٠٠٠٠٣' : '300000000000003');
    fireEvent.click(within(form).getByTestId('money-tips'));
    type(form, 'money-preset-3', '12.5');
    type(form, 'money-cap', '20');
    await save(form);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      taxMode: 'rate',
      taxRateBp: 1500,
      pricesIncludeTax: true,
      deliveryFeeTaxed: true,
      taxCountry: 'SA',
      taxRegistrationNumber: '300000000000003',
      tipsEnabled: true,
      tipPresetsBp: [0, 500, 1000, 1250],
      tipCapBp: 2000,
    });
  });

  it('refuses a Saudi VAT number of the wrong form on its field, in the interface language, and sends nothing', async () => {
    const form = await renderSection(lang);
    fireEvent.click(within(form).getByLabelText(rateMode));
    type(form, 'money-number', '123456789012345');
    await save(form);
    expect((await within(form).findByTestId('money-error-taxRegistrationNumber')).textContent).toBe(fields.tax_number_sa);
    expect(within(form).getByTestId('money-number').getAttribute('aria-invalid')).toBe('true');
    expect(puts).toEqual([]);
  });

  it('checks the rest of the contract before sending, and puts the server’s refusal on the field it names', async () => {
    const form = await renderSection(lang);
    type(form, 'money-cap', '10');
    await save(form);
    const above = await within(form).findByTestId('money-error-tipPresetsBp.3');
    expect(above.textContent).toBe(fields.tip_preset_above_cap);
    expect(puts).toEqual([]);

    type(form, 'money-cap', '30');
    putAnswer = () => Response.json({ error: { code: 'validation_failed', message: 'x', fields: [{ path: 'tipCapBp', code: 'tip_share_too_high' }] } }, { status: 400 });
    await save(form);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect((await within(form).findByTestId('money-error-tipCapBp')).textContent).toBe(fields.tip_share_too_high);
    expect(screen.queryByTestId('money-settings-problem')).toBeNull();
  });
});
