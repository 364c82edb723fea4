/**
 * The reads index.html's inline script starts with the page for a signed-in session (`/me`, the
 * user's trucks): every back-office screen waits on them, and asked for by the code that needs them
 * they came three round trips after the page (the code, then `/me`, then the trucks), which on a
 * phone's network is the larger part of the wait before the screen shows anything of its own.
 *
 * The app's requests take them here, each once, when they ask for the same path with the same
 * session and language within a few seconds of the page starting; anything else goes to the network.
 */
interface EarlyReads {
  at: number;
  authorization: string;
  lang: string;
  reads: Record<string, Promise<Response | null> | undefined>;
}

/** Older than this, an early read may be out of date: the app asks again. */
const FRESH_FOR_MS = 15_000;

const earlyReads = () => (globalThis as { __tdEarlyReads?: EarlyReads }).__tdEarlyReads;

/** The early read for `request`, taken (so never answered twice), or null when there is none to use. */
export function takeEarlyRead(request: Request): Promise<Response | null> | null {
  const early = earlyReads();
  if (!early || request.method !== 'GET') return null;
  const url = new URL(request.url);
  const key = url.pathname + url.search;
  const read = early.reads[key];
  if (!read) return null;
  delete early.reads[key];
  const fresh = performance.now() - early.at < FRESH_FOR_MS;
  const sameSession = request.headers.get('authorization') === early.authorization && request.headers.get('accept-language') === early.lang;
  return fresh && sameSession ? read : null;
}

/** `fetch` for the API: an early read when there is one for the request, else the network. */
export async function fetchWithEarlyReads(input: RequestInfo, init?: RequestInit): Promise<Response> {
  const early = input instanceof Request ? await takeEarlyRead(input) : null;
  return early ?? fetch(input, init);
}
