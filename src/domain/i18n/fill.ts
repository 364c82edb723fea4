/**
 * Puts values into a catalogue text's {{placeholders}}, in one pass. Values are often what a user
 * typed (a customer's name, a truck's description), so they are never read again: a "{{truck}}" or a
 * "$&" in them stays as typed. i18next's own interpolation does neither (it re-reads what it put in
 * for nesting, and passes values to String.replace as a replacement pattern), so the server and the
 * web's error messages fill texts here instead.
 */
export function fill(template: string, values: Readonly<Record<string, unknown>> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = values[key];
    return Array.isArray(value) ? value.join(', ') : String(value ?? '');
  });
}
