/**
 * A sold-out switch made with no connection (decision 018), loaded with /menu when needed: stored
 * in the device queue and sent when the connection returns. The switch sets a state (last one sent
 * wins), so a resend changes nothing; "sold out today" ends at the truck's day's end as the server
 * reckons it when it arrives.
 */
import type { AvailabilityCommand } from '@domain/menu';
import { deviceQueue, sendNow } from '../../app/offline/device-queue';
import { startSavingReads } from '../../app/offline/snapshots';

startSavingReads();

export async function queueAvailability(truckId: string, body: AvailabilityCommand): Promise<void> {
  await deviceQueue.add({ id: crypto.randomUUID(), kind: 'menu.availability', truckId, url: `/trucks/${truckId}/menu/availability`, body: { ...body } });
  void sendNow();
}

export async function waitingAvailability(truckId: string): Promise<AvailabilityCommand[]> {
  return (await deviceQueue.all()).filter((change) => change.truckId === truckId && change.kind === 'menu.availability' && change.state !== 'conflict').map((change) => change.body as AvailabilityCommand);
}

export { deviceQueue };
