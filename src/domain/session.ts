/**
 * The seed's login-state rules (docs/product.md §6.4, §6.5) as one pure function, plus the token
 * lifetimes the server issues and the client renews by. The web's SessionGuard applies the decision;
 * nothing here touches storage, the router or the console.
 */
import { jwtDecode } from 'jwt-decode';

/** An access token lives an hour; the client renews it while the app is open... */
export const TOKEN_TTL_SECONDS = 60 * 60;
/** ...once less than this is left... */
export const RENEW_BEFORE_EXPIRY_SECONDS = 20 * 60;
/** ...until the session reaches this age (longer than the longest shift), then the user signs in again. */
export const MAX_SESSION_AGE_SECONDS = 18 * 60 * 60;

export type TokenStatus =
  | { kind: 'missing' }
  | { kind: 'valid'; exp: number }
  | { kind: 'expired'; exp: number }
  /** Cannot be decoded or has no numeric exp: treated as expired (docs/product.md §6.5). */
  | { kind: 'undecodable'; problem: string };

export function tokenStatus(token: string | null | undefined, nowMs: number): TokenStatus {
  if (!token) return { kind: 'missing' };
  let exp: unknown;
  try {
    exp = jwtDecode<{ exp?: unknown }>(token).exp;
  } catch (error) {
    return { kind: 'undecodable', problem: error instanceof Error ? error.message : String(error) };
  }
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return { kind: 'undecodable', problem: 'The token has no exp claim.' };
  return exp * 1000 > nowMs ? { kind: 'valid', exp } : { kind: 'expired', exp };
}

export interface LoginStateInput {
  isLogin: boolean;
  token: string | null;
  pathname: string;
  nowMs: number;
  /** Paths of the app's screens (the seed's route list, docs/product.md §6.2). */
  knownPaths: readonly string[];
}

export interface LoginDecision {
  /** Which of the seed's three rules applied (null: none did). */
  rule: 1 | 2 | 3 | null;
  /** Remove token, user, access list and login flag from storage; isLogin becomes false. */
  clearSession: boolean;
  markLoggedIn: boolean;
  resetRole: boolean;
  navigateTo: '/' | null;
  /** Why the stored token could not be read, for the console. */
  tokenProblem: string | null;
}

const NOTHING: LoginDecision = { rule: null, clearSession: false, markLoggedIn: false, resetRole: false, navigateTo: null, tokenProblem: null };

const SIGN_IN_PATHS = ['/', '/sign-in'];
const JOB_PATH = /^\/jobs\/\d+$/;

export function evaluateLoginState(input: LoginStateInput): LoginDecision {
  const status = tokenStatus(input.token, input.nowMs);
  const tokenProblem = status.kind === 'undecodable' ? status.problem : null;
  const valid = status.kind === 'valid';

  if (input.isLogin && !valid) {
    return { ...NOTHING, rule: 1, clearSession: true, navigateTo: '/', tokenProblem };
  }
  if (!input.isLogin && valid && SIGN_IN_PATHS.includes(input.pathname)) {
    return { ...NOTHING, rule: 2, markLoggedIn: true, navigateTo: '/' };
  }
  if (!input.isLogin && valid) {
    const known = input.knownPaths.includes(input.pathname) || JOB_PATH.test(input.pathname);
    return { ...NOTHING, rule: 3, resetRole: true, navigateTo: known ? null : '/' };
  }
  return { ...NOTHING, tokenProblem };
}

export interface SignedOutInput {
  isLogin: boolean;
  token: string | null;
  /** The path and query string opened. */
  pathname: string;
  search: string;
  nowMs: number;
  /** Whether the path is a signed-in screen (the dashboard's back office). */
  isBackOffice: (pathname: string) => boolean;
}

/**
 * Outside the seed's three rules, which all speak of a token: a visitor with no token at all who
 * opens a back-office screen would only ever see "Guest" and skeletons, so they go to the entry page,
 * where the sign-in pop-up opens and brings them back to the path kept as `next`. A stored token,
 * even an unreadable one, stays the seed rules' business.
 */
export function signedOutRedirect(input: SignedOutInput): string | null {
  if (input.isLogin || tokenStatus(input.token, input.nowMs).kind !== 'missing' || !input.isBackOffice(input.pathname)) return null;
  return `/?next=${encodeURIComponent(input.pathname + input.search)}`;
}

const SAME_ORIGIN_BASE = 'https://same-origin.invalid';

/**
 * The `next` of the entry page as a path of this app, or null: only a path starting with one slash
 * (never `//host`, a backslash, a scheme or control characters), so a link cannot send a visitor who
 * signs in to another site.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return null;
  if ([...next].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '\\')) return null;
  let url: URL;
  try {
    url = new URL(next, SAME_ORIGIN_BASE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_ORIGIN_BASE) return null;
  return url.pathname + url.search + url.hash;
}

/** Milliseconds until the client should renew a token expiring at `exp` (seconds); 0 means now. */
export function renewDelayMs(exp: number, nowMs: number): number {
  return Math.max(0, (exp - RENEW_BEFORE_EXPIRY_SECONDS) * 1000 - nowMs);
}
