/** New orders of ids after a drag and drop or a keyboard move: what the reorder endpoints take. */

/** `id` placed just before `beforeId`, or last when `beforeId` is null; an id from elsewhere joins the list. */
export function placeBefore(ids: readonly string[], id: string, beforeId: string | null): string[] {
  const rest = ids.filter((other) => other !== id);
  const at = beforeId === null ? -1 : rest.indexOf(beforeId);
  return at < 0 ? [...rest, id] : [...rest.slice(0, at), id, ...rest.slice(at)];
}

/** `id` moved one place towards the start (-1) or the end (+1); null when it is already there. */
export function moveBy(ids: readonly string[], id: string, step: -1 | 1): string[] | null {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  next[from] = ids[to]!;
  next[to] = id;
  return next;
}
