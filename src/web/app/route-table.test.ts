import { isScreenPath } from '@domain/screens';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from './route-table';

/** Addresses around every pattern's edges: a different case, trailing slashes, a segment more or less. */
const ADDRESSES = [
  ...ROUTE_TABLE.flatMap(({ path }) => {
    const filled = path.replace(/:\w+/g, '42');
    return [filled, filled.toUpperCase(), `${filled}/`, `${filled}//`, `${filled}/more`, filled.replace(/\/[^/]*$/, '') || '/'];
  }),
  '/jobs',
  '/jobs/',
  '/booking-quote',
  '/no-such-page',
  '/sign-in',
  '/metrics',
  '/t/some-truck',
];

describe("the server's list of screen addresses (src/domain/screens.ts)", () => {
  it("matches exactly the addresses the router's table renders a screen at", () => {
    const router = (address: string) => ROUTE_TABLE.some(({ path }) => matchPath(path, address) !== null);
    expect(ADDRESSES.filter((address) => isScreenPath(address) !== router(address))).toEqual([]);
    expect(ADDRESSES.filter(isScreenPath).length).toBeGreaterThan(ROUTE_TABLE.length);
    expect(ADDRESSES.filter((address) => !isScreenPath(address)).length).toBeGreaterThan(ROUTE_TABLE.length);
  });
});
