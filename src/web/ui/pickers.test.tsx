import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import arEG from 'antd/locale/ar_EG';
import enUS from 'antd/locale/en_US';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateField, DateTimeField, TimeField, showPickerValue } from './pickers';

const ARABIC_DIGITS = /^[^0-9]*[٠-٩][^0-9]*$/;

beforeEach(() => {
  // A desktop pointer: the fields can be typed into.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function inArabic(children: ReactNode) {
  return render(
    <ConfigProvider locale={arEG} direction="rtl">
      {children}
    </ConfigProvider>,
  );
}

/** A field that keeps what it is given, as the forms do, and reports each value. */
function Held({ field, initial, onValue }: { field: 'date' | 'time' | 'datetime'; initial: string; onValue(value: string): void }) {
  const [value, setValue] = useState(initial);
  const props = {
    value,
    testId: 'field',
    'aria-label': 'When',
    onChange: (next: string) => {
      setValue(next);
      onValue(next);
    },
  };
  if (field === 'time') return <TimeField {...props} />;
  if (field === 'datetime') return <DateTimeField {...props} />;
  return <DateField {...props} min="2026-01-10" />;
}

/** Focuses the field, waits for the picker to replace it and to be editable, types and presses Enter; whether Enter kept its default action (a form's submission). */
async function typeInto(text: string): Promise<boolean> {
  // The placeholder field loads the picker on focus; a picker already loaded opens on a click.
  screen.getByTestId('field').focus();
  fireEvent.click(screen.getByTestId('field'));
  const input = await waitFor(() => {
    const found = screen.getByTestId('field') as HTMLInputElement;
    if (found.readOnly) throw new Error('still the placeholder field, or not editing');
    return found;
  });
  // The picker took the focus from the placeholder field, and opened.
  expect(document.activeElement).toBe(input);
  await waitFor(() => expect(document.querySelector('.td-picker-popup:not(.ant-picker-dropdown-hidden)')).not.toBeNull());
  fireEvent.change(input, { target: { value: text } });
  return fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

describe('date and time fields', () => {
  it('show their value in the interface language, Arabic-Indic digits in Arabic, 24-hour', () => {
    expect(showPickerValue('date', '2026-01-15', 'ar')).toMatch(/يناير/);
    expect(showPickerValue('date', '2026-01-15', 'ar')).toContain('١٥');
    expect(showPickerValue('time', '14:30', 'ar')).toBe('١٤:٣٠');
    expect(showPickerValue('time', '14:30', 'en')).toBe('14:30');
    expect(showPickerValue('date', '2026-01-15', 'en')).toBe('Jan 15, 2026');
    expect(showPickerValue('datetime', '2026-01-15T09:05', 'en')).toBe('Jan 15, 2026 09:05');
    expect(showPickerValue('date', 'nope', 'en')).toBeNull();
  });

  it('in Arabic: localized shown value and placeholder, a typed date back as YYYY-MM-DD', async () => {
    const values: string[] = [];
    inArabic(
      <>
        <Held field="date" initial="2026-01-15" onValue={(value) => values.push(value)} />
        <TimeField value="" testId="empty-time" />
      </>,
    );
    const field = screen.getByTestId('field') as HTMLInputElement;
    expect(field.value).toContain('يناير');
    expect(field.value).toMatch(ARABIC_DIGITS);
    expect(screen.getByTestId('empty-time').getAttribute('placeholder')).toBe('اختيار الوقت');
    expect(screen.getByLabelText('When')).toBe(field);

    // The first field used: the picker replaces the placeholder field, opened; Enter takes the value, not the form.
    expect(await typeInto('2026-02-03')).toBe(false);
    await waitFor(() => expect(values.at(-1)).toBe('2026-02-03'));
    // The panel speaks Arabic: its day cells in Arabic-Indic digits.
    const cell = document.querySelector('.ant-picker-cell-in-view .ant-picker-cell-inner');
    expect(cell?.textContent).toMatch(ARABIC_DIGITS);
    // …and its header's year too, as the digit rule wants of every number on an Arabic screen.
    const header = document.querySelector('.td-picker-popup .ant-picker-header-view')?.textContent ?? '';
    expect(header).toContain('٢٠٢٦');
    expect(header).not.toMatch(/[0-9]/);
    // While typed into, the field keeps the typed form's digits.
    expect((screen.getByTestId('field') as HTMLInputElement).value).toBe('2026-02-03');

    fireEvent.blur(screen.getByTestId('field'));
    await waitFor(() => expect((screen.getByTestId('field') as HTMLInputElement).value).toContain('فبراير'));
    expect((screen.getByTestId('field') as HTMLInputElement).value).toMatch(ARABIC_DIGITS);
  });

  it('takes a typed value on Enter without submitting the form around it', async () => {
    const values: string[] = [];
    inArabic(<Held field="datetime" initial="2026-01-15T09:00" onValue={(value) => values.push(value)} />);
    // jsdom submits no form on Enter: what stops a browser doing so is Enter's default action cancelled.
    expect(await typeInto('2026-01-20 17:15')).toBe(false);
    await waitFor(() => expect(values.at(-1)).toBe('2026-01-20T17:15'));
  });

  it('refuses a date before min', async () => {
    const values: string[] = [];
    inArabic(<Held field="date" initial="2026-01-15" onValue={(value) => values.push(value)} />);
    await typeInto('2026-01-05');
    await typeInto('2026-01-12');
    await waitFor(() => expect(values.at(-1)).toBe('2026-01-12'));
    expect(values).not.toContain('2026-01-05');
  });

  it('in Arabic: a typed time back as HH:mm, a date and time as YYYY-MM-DDTHH:mm', async () => {
    const times: string[] = [];
    const { unmount } = inArabic(<Held field="time" initial="" onValue={(value) => times.push(value)} />);
    await typeInto('21:45');
    await waitFor(() => expect(times.at(-1)).toBe('21:45'));
    // What an Arabic keyboard types reads the same.
    await typeInto('٠٧:٠٥');
    await waitFor(() => expect(times.at(-1)).toBe('07:05'));
    // The panel's hour and minute columns count in Arabic-Indic digits.
    const hours = [...document.querySelectorAll('.td-picker-popup .ant-picker-time-panel-cell-inner')].map((cell) => cell.textContent);
    expect(hours.slice(0, 3)).toEqual(['٠٠', '٠١', '٠٢']);
    unmount();

    // A date and time: both of its panel's headers, the month's and the time's, in Arabic-Indic digits.
    const { unmount: unmountArabicDatetime } = inArabic(<Held field="datetime" initial="2026-03-01T10:00" onValue={() => {}} />);
    await typeInto('2026-03-01 10:00');
    const headers = [...document.querySelectorAll('.td-picker-popup .ant-picker-header-view')].map((header) => header.textContent);
    expect(headers).toEqual(['مارس٢٠٢٦', '١٠:٠٠']);

    unmountArabicDatetime();

    const moments: string[] = [];
    render(
      <ConfigProvider locale={enUS}>
        <Held field="datetime" initial="2026-03-01T10:00" onValue={(value) => moments.push(value)} />
      </ConfigProvider>,
    );
    expect((screen.getByTestId('field') as HTMLInputElement).value).toBe('Mar 1, 2026 10:00');
    await typeInto('2026-03-08 18:30');
    await waitFor(() => expect(moments.at(-1)).toBe('2026-03-08T18:30'));
  });
});
