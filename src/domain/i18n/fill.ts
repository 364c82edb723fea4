/**
 * Puts values into a catalogue text's {{placeholders}}, in one pass with a function replacer. Values
 * are often what a user typed (a customer's name, a truck's description), so they are never read
 * again: a "{{truck}}" or a "$&" in them stays as typed. i18next's own interpolation replaces each
 * placeholder's first occurrence in the text built so far, so "Sara {{truck}}" as a customer's name
 * takes the truck's name and leaves the mail's real {{truck}} unfilled; the server's texts and the
 * web's error messages are filled here instead.
 */
export function fill(template: string, values: Readonly<Record<string, unknown>> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = values[key];
    return Array.isArray(value) ? value.join(', ') : String(value ?? '');
  });
}
