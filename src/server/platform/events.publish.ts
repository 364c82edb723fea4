/**
 * Publishing a truck's live event (docs/decisions/008-orders-live-events-and-jobs.md): inside the
 * feature's transaction the event gets the truck's next id, is kept in truck_events, and NOTIFY tells
 * every process "truck T has event N" when the transaction commits. A rolled-back change publishes
 * nothing. The hub (events.hub.ts) hears the NOTIFY and hands the event to the open streams.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { truckEventCounters, truckEvents } from '../db/tables/events';

/** The NOTIFY channel: its payload is `<truckId>:<eventId>`. */
export const TRUCK_EVENTS_CHANNEL = 'truck_events';

/** Anything that runs SQL: the database handle or a transaction of it. */
export type SqlRunner = Pick<Db, 'execute'>;

/**
 * Keeps the event and announces it on commit; returns its id. Call it inside the transaction that
 * makes the change, as its last statement: the truck's counter row stays locked until commit, which
 * is what keeps a truck's events committing in id order.
 */
export async function publishTruckEvent(tx: SqlRunner, truckId: string, type: string, data: unknown): Promise<number> {
  // Order intake publishes with the same three steps inside its one writing statement (orders.service.ts).
  const result = await tx.execute<{ id: string }>(sql`
    WITH next AS (
      INSERT INTO ${truckEventCounters} (truck_id, last_id) VALUES (${truckId}, 1)
      ON CONFLICT (truck_id) DO UPDATE SET last_id = ${truckEventCounters}.last_id + 1
      RETURNING last_id
    ), saved AS (
      INSERT INTO ${truckEvents} (truck_id, id, type, data)
      SELECT ${truckId}, last_id, ${type}, ${JSON.stringify(data)}::jsonb FROM next
      RETURNING id
    )
    SELECT id, pg_notify(${TRUCK_EVENTS_CHANNEL}, ${truckId} || ':' || id) FROM saved`);
  return Number(result.rows[0]!.id);
}

/**
 * Takes the truck's event counter row lock ahead of publishing, for a transaction that writes rows
 * order intake also writes before it would publish: intake's one statement takes the counter before
 * its triggers update the /home rollups, so a status change that updated them first and then asked
 * for the counter could deadlock with it. Held until commit; publishing later in the transaction
 * finds it already held. Creates the row (last_id 0) for a truck that has published nothing yet.
 */
export async function lockTruckEventCounter(tx: SqlRunner, truckId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${truckEventCounters} (truck_id, last_id) VALUES (${truckId}, 0)
    ON CONFLICT (truck_id) DO UPDATE SET last_id = ${truckEventCounters}.last_id`);
}
