/**
 * Where the app's own files are, found from this module's location so the server works the same
 * from source (tests, tsx) and from the bundle in dist/server, whatever the working directory.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'truckdesk') {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`TruckDesk's package.json not found above ${start}`);
    dir = parent;
  }
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = path.join(projectRoot, 'drizzle');
