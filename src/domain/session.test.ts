import { describe, expect, it } from 'vitest';
import {
  evaluateLoginState, RENEW_BEFORE_EXPIRY_SECONDS, renewDelayMs, safeNextPath, signedOutRedirect, tokenStatus, type LoginStateInput, type SignedOutInput,
} from './session';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const nowSeconds = NOW / 1000;
const KNOWN = ['/', '/new-signup', '/home', '/menu', '/orders', '/user-profile'];

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** The client only decodes; the signature is the server's business. */
const jwt = (claims: object) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`;
const VALID = jwt({ sub: 'u', exp: nowSeconds + 600 });
const EXPIRED = jwt({ sub: 'u', exp: nowSeconds - 1 });
const NO_EXP = jwt({ sub: 'u' });
const GARBAGE = 'this is not a token';

const decide = (input: Partial<LoginStateInput>) =>
  evaluateLoginState({ isLogin: false, token: null, pathname: '/', nowMs: NOW, knownPaths: KNOWN, ...input });

describe('tokenStatus', () => {
  it('reads exp in seconds against the current time', () => {
    expect(tokenStatus(VALID, NOW)).toEqual({ kind: 'valid', exp: nowSeconds + 600 });
    expect(tokenStatus(EXPIRED, NOW)).toEqual({ kind: 'expired', exp: nowSeconds - 1 });
    expect(tokenStatus(jwt({ exp: nowSeconds }), NOW).kind).toBe('expired');
  });
  it('treats a missing, undecodable or exp-less token as not valid', () => {
    expect(tokenStatus(null, NOW)).toEqual({ kind: 'missing' });
    expect(tokenStatus('', NOW)).toEqual({ kind: 'missing' });
    expect(tokenStatus(GARBAGE, NOW).kind).toBe('undecodable');
    expect(tokenStatus(NO_EXP, NOW)).toEqual({ kind: 'undecodable', problem: 'The token has no exp claim.' });
    expect(tokenStatus(jwt({ exp: 'tomorrow' }), NOW).kind).toBe('undecodable');
  });
});

/** The seed's three login-state rules: docs/product.md §6.4. */
describe('evaluateLoginState', () => {
  describe('rule 1: marked logged in with an expired token', () => {
    it('clears the session and goes to /', () => {
      expect(decide({ isLogin: true, token: EXPIRED, pathname: '/orders' })).toEqual({
        rule: 1, clearSession: true, markLoggedIn: false, resetRole: false, navigateTo: '/', tokenProblem: null,
      });
    });
    it('counts an undecodable token as expired and reports why', () => {
      const decision = decide({ isLogin: true, token: GARBAGE, pathname: '/menu' });
      expect(decision).toMatchObject({ rule: 1, clearSession: true, navigateTo: '/' });
      expect(decision.tokenProblem).toMatch(/./);
    });
    it('counts a token without exp as expired', () => {
      expect(decide({ isLogin: true, token: NO_EXP, pathname: '/home' })).toMatchObject({ rule: 1, tokenProblem: 'The token has no exp claim.' });
    });
    it('counts a missing token as expired, without a decode problem', () => {
      expect(decide({ isLogin: true, token: null, pathname: '/home' })).toMatchObject({ rule: 1, clearSession: true, tokenProblem: null });
    });
  });

  describe('rule 2: not logged in on / or /sign-in with a valid token', () => {
    it.each(['/', '/sign-in'])('marks logged in and goes to / from %s', (pathname) => {
      expect(decide({ token: VALID, pathname })).toEqual({
        rule: 2, clearSession: false, markLoggedIn: true, resetRole: false, navigateTo: '/', tokenProblem: null,
      });
    });
  });

  describe('rule 3: not logged in with a valid token elsewhere', () => {
    it('stays on a known route and resets the role', () => {
      expect(decide({ token: VALID, pathname: '/menu' })).toEqual({
        rule: 3, clearSession: false, markLoggedIn: false, resetRole: true, navigateTo: null, tokenProblem: null,
      });
    });
    it('stays on /jobs/{digits}', () => {
      expect(decide({ token: VALID, pathname: '/jobs/42' })).toMatchObject({ rule: 3, navigateTo: null, resetRole: true });
    });
    it.each(['/nowhere', '/jobs/abc', '/jobs/', '/jobs/12/x', '/admin/reviews'])('sends %s to / and resets the role', (pathname) => {
      expect(decide({ token: VALID, pathname })).toMatchObject({ rule: 3, navigateTo: '/', resetRole: true });
    });
  });

  describe('no rule applies', () => {
    it('when logged in with a valid token', () => {
      expect(decide({ isLogin: true, token: VALID, pathname: '/orders' })).toMatchObject({ rule: null, navigateTo: null, clearSession: false });
    });
    it.each([
      ['no token', null],
      ['an expired token', EXPIRED],
    ])('when not logged in with %s', (_name, token) => {
      expect(decide({ token, pathname: '/orders' })).toMatchObject({ rule: null, navigateTo: null, resetRole: false, markLoggedIn: false });
    });
    it('when not logged in with an undecodable token, which is still reported', () => {
      expect(decide({ token: GARBAGE, pathname: '/' })).toMatchObject({ rule: null, navigateTo: null, tokenProblem: expect.any(String) });
    });
  });
});

describe('signedOutRedirect: no token on a back-office path', () => {
  const BACK_OFFICE = ['/home', '/menu', '/orders'];
  const redirect = (input: Partial<SignedOutInput>) =>
    signedOutRedirect({ isLogin: false, token: null, pathname: '/menu', search: '', nowMs: NOW, isBackOffice: (p) => BACK_OFFICE.includes(p), ...input });

  it.each([null, ''])('sends a visitor without a token (%j) to / with the path kept as next', (token) => {
    expect(redirect({ token, pathname: '/menu' })).toBe('/?next=%2Fmenu');
  });
  it.each([
    ['a valid', VALID],
    ['an expired', EXPIRED],
    ['an undecodable', GARBAGE],
  ])('leaves %s token to the seed rules', (_name, token) => {
    expect(redirect({ token })).toBeNull();
  });
  it('keeps the query string in next', () => {
    expect(redirect({ pathname: '/orders', search: '?tab=pending' })).toBe('/?next=%2Forders%3Ftab%3Dpending');
  });
  it.each(['/', '/new-signup', '/invite', '/booking-quote/abc', '/nowhere'])('leaves %s alone', (pathname) => {
    expect(redirect({ pathname })).toBeNull();
  });
  it('leaves a logged-in user alone', () => {
    expect(redirect({ isLogin: true })).toBeNull();
  });
});

describe('safeNextPath', () => {
  it.each([
    ['/menu', '/menu'],
    ['/orders?tab=pending', '/orders?tab=pending'],
    ['/jobs/12#notes', '/jobs/12#notes'],
    ['/a/../menu', '/menu'],
  ])('keeps the same-origin path %s', (next, path) => {
    expect(safeNextPath(next)).toBe(path);
  });
  it.each([null, '', 'menu', '//evil.example/x', '/\\evil.example', '\\evil.example', 'http://evil.example/', 'https:/evil.example', 'javascript:alert(1)', '/\tevil', ' /menu', '/me\nnu'])(
    'refuses %j',
    (next) => {
      expect(safeNextPath(next)).toBeNull();
    },
  );
});

describe('renewDelayMs', () => {
  it('waits until the renewal margin, and renews at once inside it', () => {
    expect(renewDelayMs(nowSeconds + 3600, NOW)).toBe((3600 - RENEW_BEFORE_EXPIRY_SECONDS) * 1000);
    expect(renewDelayMs(nowSeconds + 60, NOW)).toBe(0);
    expect(renewDelayMs(nowSeconds - 60, NOW)).toBe(0);
  });
});
