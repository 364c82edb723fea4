/** The demo truck for journeys: its ids, the API called as anyone, and hours that keep it open. */
import type { Menu } from '../../../src/domain/menu';
import type { RunningServer } from './server';

export const DEMO_TRUCK = { id: '5f0c2d7e-6a1b-4c3d-9e8f-0a1b2c3d4e5f', slug: 'saj-station' };

export interface ApiInit {
  method?: string;
  body?: unknown;
  token?: string;
}

export async function callApi<T>(server: RunningServer, path: string, init: ApiInit = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * Opens the demo truck around the clock (so a journey does not depend on the hour it runs at) and
 * returns an item that can be ordered without choosing options.
 */
export async function demoTruckReadyToOrder(server: RunningServer, ownerToken: string): Promise<{ itemId: string }> {
  const hours = await callApi<{ version: number }>(server, `/trucks/${DEMO_TRUCK.id}/hours`, { token: ownerToken });
  const allDay = { opens: '00:00', closes: '00:00', deliveryEnabled: true };
  const days = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [allDay]]));
  const saved = await callApi(server, `/trucks/${DEMO_TRUCK.id}/hours`, {
    method: 'PUT',
    token: ownerToken,
    body: { timeZone: 'Asia/Kuwait', days, exceptions: {}, version: hours.body.version },
  });
  if (saved.status !== 200) throw new Error(`demo truck hours: ${saved.status}`);
  const menu = await callApi<Menu>(server, `/trucks/${DEMO_TRUCK.id}/menu`, { token: ownerToken });
  const item = menu.body.items.find((candidate) => candidate.soldOutUntil === null && candidate.optionGroups.every((group) => !group.required));
  if (!item) throw new Error('demo truck: no item orderable without options');
  return { itemId: item.id };
}
