/**
 * One rule for digits (docs/glossary.md): src/domain/locale.ts says which Intl locale shows a number,
 * price, date or time in each language (Arabic-Indic digits in Arabic). Anywhere else in src/, tests
 * included, a formatter takes its locale from intlLocale() — or, for figures code reads back, a fixed
 * English locale or MACHINE_LOCALE (Latin digits) — and never names a numbering system itself, so the
 * copies that drifted apart (plain 'ar' here, 'ar-u-nu-arab' there, numberingSystem elsewhere) cannot
 * come back.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const RULE_FILE = 'src/domain/locale.ts';
/** The rule's own test shows what it returns. */
const RULE_TEST = 'src/domain/locale.test.ts';

/** Formatters that write digits, and where their locale argument starts. */
const FORMATTER = /\b(?:Intl\.(?:NumberFormat|DateTimeFormat|RelativeTimeFormat|DurationFormat)|\.toLocale(?:String|DateString|TimeString))\(\s*/g;
/** What a locale argument may be: the rule, the machine locale, or a fixed English literal. */
const ALLOWED_LOCALE = /^(?:intlLocale\(|MACHINE_LOCALE\b|'en(?:-[A-Za-z]+)*'|"en(?:-[A-Za-z]+)*")/;
const NAMED_DIGITS = /-u-(?:[a-z0-9]+-)*nu-|numberingSystem/g;

const lineOf = (source: string, index: number) => source.slice(0, index).split('\n').length;

/** "line: what" for each way of choosing digits other than src/domain/locale.ts. */
export function digitProblems(source: string): string[] {
  const problems: string[] = [];
  for (const match of source.matchAll(NAMED_DIGITS)) {
    problems.push(`${lineOf(source, match.index)}: names a numbering system (${match[0]}); use intlLocale() from @domain/locale`);
  }
  for (const match of source.matchAll(FORMATTER)) {
    const argument = source.slice(match.index + match[0].length);
    if (!ALLOWED_LOCALE.test(argument)) {
      const shown = argument.slice(0, 30).split('\n')[0];
      problems.push(`${lineOf(source, match.index)}: ${match[0].trim()}${shown}… takes its locale elsewhere than intlLocale() from @domain/locale`);
    }
  }
  return problems;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:ts|tsx)$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

describe('one rule for digits', () => {
  it('finds every other way of choosing digits', () => {
    const bad = [
      "const f = new Intl.NumberFormat('ar');",
      "const f = new Intl.NumberFormat('ar-u-nu-arab');",
      "const f = new Intl.NumberFormat('ar', { numberingSystem: 'arab' });",
      'const f = new Intl.DateTimeFormat(lang, { dateStyle: "long" });',
      "const f = new Intl.DateTimeFormat(lang === 'ar' ? 'ar' : 'en', {});",
      'const f = Intl.RelativeTimeFormat(locale);',
      'const f = new Intl.NumberFormat(\n  lang,\n  {},\n);',
      'const s = n.toLocaleString();',
      "const s = n.toLocaleString('ar-EG');",
      'const s = date.toLocaleDateString(lang);',
      'const s = date.toLocaleTimeString(undefined, {});',
      "const f = new Intl.DateTimeFormat('en-u-nu-arab');",
    ];
    for (const source of bad) expect(digitProblems(source), source).not.toEqual([]);
  });

  it('lets the rule, the machine locale and fixed English literals through', () => {
    const good = [
      'const f = new Intl.NumberFormat(intlLocale(lang), { style: "currency", currency });',
      'const f = new Intl.DateTimeFormat(\n  intlLocale(lang),\n  {},\n);',
      "const s = n.toLocaleString(intlLocale('ar'));",
      'const f = new Intl.DateTimeFormat(MACHINE_LOCALE, { timeZone });',
      "const f = new Intl.DateTimeFormat('en-CA', { dateStyle: 'short' });",
      "const f = new Intl.DateTimeFormat('en', { timeZone: id });",
      'const formats = new Map<string, Intl.DateTimeFormat>();',
      'function f(options?: Intl.NumberFormatOptions) {}',
      "const list = new Intl.ListFormat(lang).format(['a', 'b']);",
      'const lower = name.toLocaleLowerCase();',
    ];
    for (const source of good) expect(digitProblems(source), source).toEqual([]);
  });

  it('holds in src/: digits are chosen in src/domain/locale.ts alone', () => {
    const files = sourceFiles(join(ROOT, 'src')).filter((file) => file !== RULE_FILE && file !== RULE_TEST);
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((file) => digitProblems(readFileSync(join(ROOT, file), 'utf8')).map((problem) => `${file}:${problem}`));
    expect(problems).toEqual([]);
  });

  it('keeps the rule light enough for the truck page: no runtime imports', () => {
    const source = readFileSync(join(ROOT, RULE_FILE), 'utf8');
    expect(source).toContain("ar: 'ar-u-nu-arab-hc-h23'");
    const imports = source.split('\n').filter((line) => /^\s*import\b/.test(line));
    expect(imports.every((line) => /^import type\b/.test(line)), imports.join('\n')).toBe(true);
  });
});
