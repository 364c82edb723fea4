import { describe, expect, it } from 'vitest';
import { fill, isolate } from './fill';

const FSI = '\u2068';
const PDI = '\u2069';

describe('fill', () => {
  it('puts each value into its placeholder, lists joined, missing ones empty', () => {
    expect(fill('en', '{{a}} and {{b}}: {{list}}.{{missing}}', { a: 1, b: 'two', list: ['x', 'y'] })).toBe('1 and two: x and y.');
  });

  it('leaves placeholders inside a value as typed, not filled again', () => {
    expect(fill('en', 'Thank you, {{customer}}. {{truck}} got it.', { customer: 'Sara {{truck}}', truck: 'Tacos' })).toBe('Thank you, Sara {{truck}}. Tacos got it.');
  });

  it('leaves String.replace patterns in a value as typed', () => {
    expect(fill('en', 'Hello {{name}}', { name: "$& $1 $' $` $$" })).toBe("Hello $& $1 $' $` $$");
  });

  it("writes numbers in the language's digits, without grouping", () => {
    expect(fill('ar', 'حجم الملف أكبر من {{maxMb}} ميغابايت.', { maxMb: 10 })).toBe('حجم الملف أكبر من ١٠ ميغابايت.');
    expect(fill('ar', '{{n}}', { n: 1200.5 })).toBe('١٢٠٠٫٥');
    expect(fill('en', '{{n}}', { n: 1200.5 })).toBe('1200.5');
  });

  it("joins lists with the language's words, «أو» where the text asks for one of them", () => {
    expect(fill('ar', 'اختر ملفًا بصيغة {{allowed, or}}.', { allowed: ['PDF', 'JPEG', 'PNG'] })).toBe(`اختر ملفًا بصيغة ${FSI}PDF${PDI} أو ${FSI}JPEG${PDI} أو ${FSI}PNG${PDI}.`);
    expect(fill('en', 'Choose a {{allowed, or}} file.', { allowed: ['PDF', 'JPEG', 'PNG'] })).toBe('Choose a PDF, JPEG, or PNG file.');
    expect(fill('ar', 'حقل غير معروف: {{keys}}.', { keys: ['الاسم', 'اللون'] })).toBe('حقل غير معروف: الاسم واللون.');
  });

  it('isolates a value that could reorder the sentence around it', () => {
    expect(fill('ar', 'اتصل بالرقم {{phone}}', { phone: '+96550001234' })).toBe(`اتصل بالرقم ${FSI}+96550001234${PDI}`);
    expect(fill('ar', 'مرحبًا {{name}}،', { name: 'Sara' })).toBe(`مرحبًا ${FSI}Sara${PDI}،`);
    expect(fill('en', 'Hello {{name}},', { name: 'فاطمة الصباح' })).toBe(`Hello ${FSI}فاطمة الصباح${PDI},`);
  });
});

describe('isolate', () => {
  it('leaves a value in the sentence’s own script as it is', () => {
    expect(isolate('فاطمة الصباح', 'ar')).toBe('فاطمة الصباح');
    expect(isolate('٣ أصناف', 'ar')).toBe('٣ أصناف');
    expect(isolate('٦:٣٠ م', 'ar')).toBe('٦:٣٠ م');
    expect(isolate('+965', 'ar')).toBe(`${FSI}+965${PDI}`);
    expect(isolate('Sara +965', 'en')).toBe('Sara +965');
  });
});
