/**
 * Opens a truck file. Logos and photos are public; documents need the bearer token, which a plain
 * link cannot carry, so they are fetched and opened from a local object URL.
 */
import type { Upload } from '@domain/uploads';
import { PUBLIC_PURPOSES } from '@domain/uploads/kinds';
import { readString, STORAGE_KEYS } from '../../app/storage';

export async function openFile(file: Upload): Promise<void> {
  if (PUBLIC_PURPOSES.includes(file.purpose)) {
    window.open(file.url, '_blank', 'noopener');
    return;
  }
  const token = readString(STORAGE_KEYS.token);
  const res = await fetch(file.url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener';
  link.click();
  // The new tab has read the object URL by then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
