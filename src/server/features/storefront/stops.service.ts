/**
 * The truck's week of stops (domain stopWeek) for its page, its public week answer, its calendar feed
 * and its widget. Worked out from the kept availability facts (public-availability.ts) and kept with
 * them until the next shift opening or closing or local midnight (nextChange): a page in the steady
 * state does no time zone arithmetic for it.
 */
import { nextChange, stopWeek, type Spot, type StopWeek } from '@domain/hours';
import type { FastifyInstance } from 'fastify';
import { createPublicAvailability } from '../../platform/public-availability';

type Facts = NonNullable<Awaited<ReturnType<ReturnType<typeof createPublicAvailability>['factsOf']>>>;

export interface StopsTruck {
  id: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
}

export function createStopsService(app: FastifyInstance) {
  const publicAvailability = createPublicAvailability(app);
  const kept = new WeakMap<Facts, { from: number; until: number; base: Spot | null; week: StopWeek }>();

  /** The coming seven days from the truck's today; null when the truck's facts are gone. */
  async function week(truck: StopsTruck, now = new Date()): Promise<StopWeek | null> {
    const facts = await publicAvailability.factsOf(truck.id);
    if (!facts) return null;
    const base = truck.lat !== null && truck.lng !== null ? { address: truck.address ?? '', lat: truck.lat, lng: truck.lng } : null;
    const time = now.getTime();
    const found = kept.get(facts);
    if (found && time >= found.from && time < found.until && found.base?.address === base?.address && found.base?.lat === base?.lat && found.base?.lng === base?.lng) return found.week;
    const fresh = stopWeek(facts.schedule, base, now);
    kept.set(facts, { from: time, until: nextChange(facts.schedule, now).epochMilliseconds, base, week: fresh });
    return fresh;
  }

  return { week };
}
