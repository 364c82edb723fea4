/**
 * The browser's one device queue (outbox.ts) with its transport: `fetch` to the API with the
 * session's token, the page's language and the change's Idempotency-Key. Loaded by the screens
 * that work offline (/orders, /menu) and by the navbar when changes wait (a dynamic import: the
 * first load carries none of it). It sends when loaded, when the browser says it is online again,
 * when the tab comes back to the front, and after a sign-in.
 */
import { readString, STORAGE_KEYS } from '../storage';
import { Outbox, type Transport } from './outbox';

function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

const fetchTransport: Transport = async (change) => {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': document.documentElement.lang || 'en' };
  const token = readString(STORAGE_KEYS.token);
  if (token) headers.authorization = `Bearer ${token}`;
  if (change.idempotencyKey) headers['idempotency-key'] = change.idempotencyKey;
  const response = await fetch(`/api/v1${change.url}`, { method: 'POST', headers, body: JSON.stringify(change.body) });
  const text = await response.text();
  return { status: response.status, body: parsed(text) };
};

export const deviceQueue = new Outbox({ transport: fetchTransport });

let lastToken = readString(STORAGE_KEYS.token);

/** Sends what waits: after a new sign-in (another token) the changes that waited for one go too. */
export function sendNow(): Promise<void> {
  const token = readString(STORAGE_KEYS.token);
  if (token && token !== lastToken) {
    lastToken = token;
    return deviceQueue.resume();
  }
  return deviceQueue.flush();
}

void deviceQueue.start().then(() => sendNow());
// Online again: sent now, not after the back-off the failed tries while offline had set.
window.addEventListener('online', () => void deviceQueue.wake().then(() => sendNow()));
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') void sendNow();
});
window.addEventListener('storage', (event) => {
  if (event.key === STORAGE_KEYS.token) void sendNow();
});
