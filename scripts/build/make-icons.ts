/**
 * The installed app's icons, drawn from the favicon's truck (src/web/public/favicon.svg) with sharp:
 * 192 and 512 px for the launcher, and a maskable 512 px whose truck sits inside the safe zone (the
 * launcher may crop it to a circle). Run after changing the favicon; the PNGs are committed.
 *
 *   node --import tsx scripts/build/make-icons.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve('src/web/public/icons');
const GREEN = '#2e7d32';
const TRUCK = '<path d="M12 40V22h26l8 9h6v9h-4a5 5 0 0 1-10 0H26a5 5 0 0 1-10 0z" fill="#d4e157"/>';

/** Rounded like the favicon for "any"; a full square with the truck scaled into the middle 80% for "maskable". */
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${GREEN}"/>${TRUCK}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${GREEN}"/><g transform="translate(9.6 9.6) scale(0.7)">${TRUCK}</g></svg>`;

mkdirSync(OUT, { recursive: true });
await Promise.all([
  sharp(Buffer.from(any)).resize(192, 192).png().toFile(path.join(OUT, 'icon-192.png')),
  sharp(Buffer.from(any)).resize(512, 512).png().toFile(path.join(OUT, 'icon-512.png')),
  sharp(Buffer.from(maskable)).resize(512, 512).png().toFile(path.join(OUT, 'icon-maskable-512.png')),
]);
console.log(`icons written to ${OUT}`);
