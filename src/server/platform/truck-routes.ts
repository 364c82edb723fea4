/**
 * What every `/trucks/:truckId/...` route of a feature repeats, said once: the caller signs in with a
 * bearer token, the path carries the truck id, and the tenancy guard (truck-access.ts) runs as
 * preValidation, so a stranger gets the 404 before the body is looked at. A route then states only
 * its summary, body, query, responses, extra path parameters and who may use it.
 */
import type { FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { truckAccessOf, type TruckRow } from './truck-access';

export const bearer = [{ bearer: [] }];
export const TruckParams = z.object({ truckId: z.string() });
/** Customers reach a truck by its public slug. */
export const TruckSlugParams = z.object({ slug: z.string().max(100) });
export const NoContent = z.null().describe('No content');

type TruckGuard = (request: FastifyRequest) => Promise<void>;
type TruckRouteSchema = Omit<FastifySchema, 'tags' | 'security'>;
type Defaults = { tags: string[]; security: typeof bearer; params: typeof TruckParams };

/**
 * Binds a feature's OpenAPI tags and returns the builder of its truck routes' options. Params default
 * to the truck id alone; a route with more (`:zoneId`) passes its own, extending TruckParams.
 */
export function truckRouteOptions(tags: string[]) {
  return function truckRoute<S extends TruckRouteSchema>(guard: TruckGuard, schema: S) {
    return {
      // TypeScript types a generic spread as an intersection, which would keep TruckParams beside a
      // route's own params and muddle the request types; the route's keys replace the defaults.
      schema: { tags, security: bearer, params: TruckParams, ...schema } as Omit<Defaults, keyof S> & S,
      preValidation: guard,
    };
  };
}

/** The truck a guarded route reached, for services that need only the row. */
export const truckOf = (request: FastifyRequest): TruckRow => truckAccessOf(request).truck;
