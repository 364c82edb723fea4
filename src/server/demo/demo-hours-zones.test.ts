/** The demo truck's week and zones pass every rule of the API and show what the screens can do. */
import type { Hours } from '@domain/hours';
import type { ZoneList } from '@domain/zones';
import { beforeAll, expect, it } from 'vitest';
import { signUp } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';
import { approvedTruck, call } from '@testing/trucks';
import { seedDemoHoursAndZones } from './demo-hours-zones';

let hours: Hours;
let zones: ZoneList;

beforeAll(async () => {
  const { app } = await createTestApp();
  const owner = await signUp(app);
  const truck = await approvedTruck(app, owner, await signUp(app, { roles: ['Admin'] }));
  await seedDemoHoursAndZones(app.database.db, truck.id);
  hours = (await call(app, owner, 'GET', `/trucks/${truck.id}/hours`)).json() as Hours;
  zones = (await call(app, owner, 'GET', `/trucks/${truck.id}/zones`)).json() as ZoneList;
  // Saved back unchanged, the demo week passes the API's own checks.
  const { timeZone, days, exceptions, version } = hours;
  expect((await call(app, owner, 'PUT', `/trucks/${truck.id}/hours`, { timeZone, days, exceptions, version })).statusCode).toBe(200);
});

it('has lunch and a late shift past midnight at two parking spots, a day off and upcoming exceptions', () => {
  const shifts = Object.values(hours.days).flat();
  expect(shifts.some((shift) => shift.closes <= shift.opens)).toBe(true);
  expect(new Set(shifts.map((shift) => shift.spot?.address)).size).toBe(2);
  expect(hours.days.mon).toEqual([]);
  expect(Object.values(hours.exceptions).map((exception) => exception.kind).sort()).toEqual(['closed', 'shifts', 'shifts']);
});

it('is open now, whatever the hour: today runs from the end of last night’s shift to midnight', () => {
  expect(hours.status.open).toBe(true);
});

it('has three zones: two circles, one polygon', () => {
  expect(zones.zones.map((zone) => zone.shape.kind).sort()).toEqual(['circle', 'polygon', 'truck-stop-circle']);
  expect(zones.zones.every((zone) => zone.active)).toBe(true);
});
