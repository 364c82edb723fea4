/**
 * Orders on the demo truck for journeys: its truck opened around the clock (so a journey does not
 * depend on the hour it runs at), an item anyone can order, and an order placed as a customer would,
 * through the public API.
 */
import type { Menu } from '../../../src/domain/menu';
import type { DemoSession } from './demo-vendor';
import type { RunningServer } from './server';

export const DEMO_TRUCK = { id: '5f0c2d7e-6a1b-4c3d-9e8f-0a1b2c3d4e5f', slug: 'saj-station' };
const ALL_DAY = { opens: '00:00', closes: '00:00', deliveryEnabled: true };

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

export async function callApi<T>(server: RunningServer, path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<ApiAnswer<T>> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Opens the demo truck around the clock and returns an item that needs no options. */
export async function readyDemoTruck(server: RunningServer, session: DemoSession): Promise<{ itemId: string }> {
  const hours = await callApi<{ version: number }>(server, `/trucks/${DEMO_TRUCK.id}/hours`, { token: session.token });
  const days = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [ALL_DAY]]));
  const saved = await callApi(server, `/trucks/${DEMO_TRUCK.id}/hours`, {
    method: 'PUT',
    token: session.token,
    body: { timeZone: 'Asia/Kuwait', days, exceptions: {}, version: hours.body.version },
  });
  if (saved.status !== 200) throw new Error(`opening the demo truck answered ${saved.status}`);
  const menu = await callApi<Menu>(server, `/trucks/${DEMO_TRUCK.id}/menu`, { token: session.token });
  const item = menu.body.items.find((candidate) => candidate.soldOutUntil === null && candidate.optionGroups.every((group) => !group.required));
  if (!item) throw new Error('the demo menu has no item to order');
  return { itemId: item.id };
}

/** A pickup order placed by a customer on the public page. */
export async function placeDemoOrder(server: RunningServer, itemId: string, customer: string): Promise<{ id: string; publicId: string; number: number }> {
  const placed = await callApi<{ id: string; publicId: string; number: number }>(server, `/public/trucks/${DEMO_TRUCK.slug}/orders`, {
    method: 'POST',
    body: { lines: [{ itemId, qty: 1 }], customer: { name: customer, phone: '+96555512345' }, type: 'pickup', paymentMethod: 'cash' },
  });
  if (placed.status !== 201) throw new Error(`placing an order answered ${placed.status}`);
  return placed.body;
}
