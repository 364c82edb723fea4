import { describe, expect, it } from 'vitest';
import { fill } from './fill';

describe('fill', () => {
  it('puts each value into its placeholder, lists joined, missing ones empty', () => {
    expect(fill('{{a}} and {{b}}: {{list}}.{{missing}}', { a: 1, b: 'two', list: ['x', 'y'] })).toBe('1 and two: x, y.');
  });

  it('leaves placeholders inside a value as typed, not filled again', () => {
    expect(fill('Thank you, {{customer}}. {{truck}} got it.', { customer: 'Sara {{truck}}', truck: 'Tacos' })).toBe('Thank you, Sara {{truck}}. Tacos got it.');
  });

  it('leaves String.replace patterns in a value as typed', () => {
    expect(fill('Hello {{name}}', { name: "$& $1 $' $` $$" })).toBe("Hello $& $1 $' $` $$");
  });
});
