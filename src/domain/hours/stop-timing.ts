/**
 * Where a stop of the week stands against the clock: pure arithmetic on its instants, no time zone
 * database, so the truck page can import it without Temporal (its 100 KiB script budget).
 */

interface TimedStop {
  opensAt: string;
  closesAt: string;
}

/** The stops still to come or under way at `at`, in order, at most `limit` (the widget, the feed). */
export function upcomingStops<S extends TimedStop>(week: { days: readonly { stops: readonly S[] }[] }, at: Date, limit = Infinity): S[] {
  const time = at.getTime();
  return week.days
    .flatMap((day) => day.stops)
    .filter((stop) => Date.parse(stop.closesAt) > time)
    .slice(0, limit);
}

/**
 * Where a stop stands relative to `now`: under way, opening within the next hours (the page says
 * "in 2 h"), later, or over.
 */
export type StopTiming = { kind: 'open' } | { kind: 'soon'; minutes: number } | { kind: 'later' } | { kind: 'past' };
export const SOON_MINUTES = 12 * 60;

export function stopTiming(stop: TimedStop, now: Date): StopTiming {
  const time = now.getTime();
  const opens = Date.parse(stop.opensAt);
  if (Date.parse(stop.closesAt) <= time) return { kind: 'past' };
  if (opens <= time) return { kind: 'open' };
  const minutes = Math.ceil((opens - time) / 60_000);
  return minutes <= SOON_MINUTES ? { kind: 'soon', minutes } : { kind: 'later' };
}
