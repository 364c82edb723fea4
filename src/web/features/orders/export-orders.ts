/**
 * Downloads the CSV of a date range. The file comes through fetch with the bearer token (a link
 * would need the token in its URL), then is saved under the name the server gives it.
 */
import { readString, STORAGE_KEYS } from '../../app/storage';

export async function downloadOrdersCsv(truckId: string, range: { from: string; to: string }, lang: string): Promise<boolean> {
  const query = new URLSearchParams(range);
  const response = await fetch(`/api/v1/trucks/${truckId}/orders/export?${query}`, {
    headers: { authorization: `Bearer ${readString(STORAGE_KEYS.token) ?? ''}`, 'accept-language': lang },
  });
  if (!response.ok) return false;
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'orders.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download; the URL is no longer needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
