/** How dashboard tabs group statuses, for orders and bookings alike. No schemas: the browser's shell reads it without zod. */

/** The tab showing a status; the tab tables are checked by tests to hold every status exactly once. */
export function tabHolding<Tab extends string, Status>(tabs: Record<Tab, readonly Status[]>, status: Status): Tab {
  const tab = (Object.keys(tabs) as Tab[]).find((key) => tabs[key].includes(status));
  if (tab === undefined) throw new RangeError(`No dashboard tab shows status ${String(status)}`);
  return tab;
}
