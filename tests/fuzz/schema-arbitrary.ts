/**
 * fast-check arbitraries from the OpenAPI document's JSON schemas: values that fit the schema, and
 * the same values with hostile leaves (huge, NUL, right-to-left, extreme, wrong type…) mixed in, so
 * requests get past the first check and reach deeper code.
 */
import fc from 'fast-check';
import type { ApiSchema as JsonSchema } from '@testing/route-matrix';

/** Strings no handler should choke on. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202c',
  'مرحبا\u200f',
  '\ud800',
  '\ufeff',
  '𝕏'.repeat(300),
  'a'.repeat(10_000),
  'ب'.repeat(100_000),
  '%00',
  '%',
  '../../../etc/passwd',
  "'; DROP TABLE orders; --",
  '{{7*7}}${7*7}',
  '<script>alert(1)</script>',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '0001-01-01',
  '9999-12-31',
  '2024-02-30',
  '+275760-09-13',
  '-000001-01-01',
  '1e309',
  'NaN',
  '-0',
  'true',
  'null',
  '__proto__',
  'constructor',
  '\r\nX-Injected: 1',
];

export const HOSTILE_NUMBERS = [0, -0, -1, 1.5, 1e308, -1e308, 5e-324, 2 ** 53 + 2, -(2 ** 63), 2 ** 31, 1e20];

/** Any JSON value of the wrong kind. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  [],
  {},
  [null],
  { __proto__: null, constructor: { prototype: { polluted: true } } },
  Array.from({ length: 5_000 }, (_, i) => i),
  ...HOSTILE_STRINGS,
  ...HOSTILE_NUMBERS,
];

export const hostile = fc.constantFrom(...HOSTILE_VALUES);
export const hostileString = fc.constantFrom(...HOSTILE_STRINGS);

const typeOf = (schema: JsonSchema): string | undefined => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
  switch (schema.format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'date':
      return fc.oneof(
        { weight: 4, arbitrary: fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
        // Valid dates at the ends of the calendar.
        { weight: 1, arbitrary: fc.constantFrom('0001-01-01', '9999-12-31', '1582-10-10', '2000-02-29') },
      );
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  if (schema.pattern) {
    // Real patterns with lookbehinds or huge alternations may not be generable; then plain strings.
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
    } catch {
      /* fall through */
    }
  }
  return fc.string({ minLength, maxLength, unit: fc.constantFrom('grapheme', 'binary', 'grapheme-ascii') as never });
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-9) : -1e6);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-9) : 1e6);
  if (integer) return fc.integer({ min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values of `schema`; with `mutate`, each leaf is sometimes replaced by a hostile value and objects
 * sometimes lose required keys or gain unknown ones.
 */
export function arbitraryOf(schema: JsonSchema | undefined, mutate: boolean, depth = 0): fc.Arbitrary<unknown> {
  const plain = plainOf(schema ?? {}, mutate, depth);
  return mutate ? fc.oneof({ weight: 6, arbitrary: plain }, { weight: 1, arbitrary: hostile }) : plain;
}

function plainOf(schema: JsonSchema, mutate: boolean, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => arbitraryOf(variant, mutate, depth + 1)));
  if (schema.allOf?.length) return arbitraryOf(Object.assign({}, ...schema.allOf) as JsonSchema, mutate, depth + 1);
  switch (typeOf(schema)) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 6) return fc.constant([]);
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? 4, Math.max(minLength, 4));
      return fc.array(arbitraryOf(schema.items, mutate, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      if (depth > 6) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      if (Object.keys(properties).length === 0 && typeof schema.additionalProperties === 'object') {
        return fc.dictionary(stringOf(schema.propertyNames ?? { type: 'string', maxLength: 12 }), arbitraryOf(schema.additionalProperties, mutate, depth + 1), { maxKeys: 4 });
      }
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, arbitraryOf(value, mutate, depth + 1)])),
        { requiredKeys: mutate ? [] : required.filter((key) => key in properties) },
      );
      if (!mutate) return record;
      const extra = fc.dictionary(hostileString.filter((s) => s.length < 50), hostile, { minKeys: 1, maxKeys: 2 });
      return fc.tuple(record, fc.oneof({ weight: 1, arbitrary: extra }, { weight: 6, arbitrary: fc.constant({}) })).map(([value, more]) => ({ ...value, ...more }));
    }
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
  }
}
