/**
 * docs/glossary.md's table, read as data: one word for each thing. Its "never" column lists the
 * Arabic words that must not appear in what TruckDesk shows or publishes in Arabic (the screens'
 * catalogues, the server's messages, the Arabic user guide). Pure: callers read the file.
 */

/** The "never" column of the glossary's table: its words, split on the Arabic comma. */
export function forbiddenWords(markdown: string): string[] {
  const rows = markdown.split('\n').filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line) && !/^\|\s*English/.test(line));
  return rows.flatMap((row) => (row.split('|')[3] ?? '').split('،').map((word) => word.trim()).filter(Boolean));
}
