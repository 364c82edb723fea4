/**
 * The item editor's tax category, in English and in Arabic: a new item is standard unless chosen
 * otherwise, the choice is sent with the item, and an item saved as exempt opens as exempt.
 */
import type { MenuItem } from '@domain/menu';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AntdProvider } from '../../app/antd-provider';
import { langDirFor, type UiLang } from '../../app/lang-dir.slice';
import { Providers } from '../../app/providers';
import { makeStore } from '../../app/store';
import { installMatchMedia, stubRelativeRequests } from '../../app/test-support';
import { initI18n } from '../../i18n/i18n';
import { loadNamespaces } from '../../i18n/namespaces';
import ItemEditor from './item-editor';

const TRUCK = '11111111-1111-4111-8111-111111111111';
const CATEGORY = { id: '00000000-0000-4000-8000-000000000100', nameEn: 'Drinks', nameAr: 'مشروبات', position: 0 };
const ITEM: MenuItem = {
  id: '00000000-0000-4000-8000-000000000001',
  categoryId: CATEGORY.id,
  nameEn: 'Water',
  nameAr: 'ماء',
  descriptionEn: '',
  descriptionAr: '',
  priceMinor: 250,
  taxCategory: 'exempt',
  photoId: null,
  photoUrl: null,
  prepMinutes: null,
  calories: null,
  tags: [],
  position: 0,
  soldOutUntil: null,
  optionGroups: [],
};

let sent: { method: string; body: unknown }[];

beforeEach(() => {
  sent = [];
  installMatchMedia(360);
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  stubRelativeRequests();
  vi.stubGlobal('fetch', async (request: Request) => {
    const body: unknown = await request.json();
    sent.push({ method: request.method, body });
    return Response.json({ ...ITEM, ...(body as object) }, { status: request.method === 'POST' ? 201 : 200 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderEditor(lang: UiLang, item: MenuItem | null, onClose = vi.fn()) {
  await initI18n(lang);
  await loadNamespaces(['menu'], lang);
  const store = makeStore({ lang_dir: langDirFor(lang) });
  render(
    <Providers store={store} langDir={langDirFor(lang)}>
      <AntdProvider>
        <ItemEditor truckId={TRUCK} currency="SAR" categories={[CATEGORY]} item={item} categoryId={CATEGORY.id} onClose={onClose} />
      </AntdProvider>
    </Providers>,
  );
  return { dialog: await screen.findByRole('dialog'), onClose };
}

const categoryField = (dialog: HTMLElement) => within(dialog).getByTestId('item-tax-category').closest('.ant-select')!;

describe.each([
  { lang: 'en' as const, label: 'Tax category', standard: 'Standard', zeroRated: 'Zero-rated', exempt: 'Exempt', save: 'Save' },
  { lang: 'ar' as const, label: 'الفئة الضريبية', standard: 'قياسية', zeroRated: 'خاضعة لنسبة الصفر', exempt: 'معفاة', save: 'حفظ' },
])('the item’s tax category ($lang)', ({ lang, label, standard, zeroRated, exempt, save }) => {
  it('starts a new item as standard and saves the category chosen with it', async () => {
    const { dialog, onClose } = await renderEditor(lang, null);
    expect(within(dialog).getByText(label)).toBeTruthy();
    expect(categoryField(dialog).textContent).toContain(standard);
    fireEvent.change(within(dialog).getByTestId('item-name-en'), { target: { value: 'Dates' } });
    fireEvent.change(within(dialog).getByTestId('item-price'), { target: { value: '12' } });
    fireEvent.mouseDown(categoryField(dialog).querySelector('.ant-select-selector, [role="combobox"]')!);
    fireEvent.click(await screen.findByTitle(zeroRated));
    await act(async () => fireEvent.click(within(dialog).getByText(save).closest('button')!));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'POST', body: { nameEn: 'Dates', priceMinor: 1200, taxCategory: 'zero_rated' } });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('opens an exempt item as exempt and keeps it when saved', async () => {
    const { dialog } = await renderEditor(lang, ITEM);
    expect(categoryField(dialog).textContent).toContain(exempt);
    await act(async () => fireEvent.click(within(dialog).getByText(save).closest('button')!));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', body: { taxCategory: 'exempt' } });
  });
});
