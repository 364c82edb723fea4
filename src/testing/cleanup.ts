/**
 * What a test file made and must undo when it ends: apps to close, databases to drop. Vitest never
 * runs an afterAll() registered from inside beforeAll() or a test, which is where these are made, so
 * the helpers register here and the API project's setup file (run-cleanups.ts) runs them, newest first.
 */
type Cleanup = () => unknown;

const cleanups: Cleanup[] = [];

export function onCleanup(cleanup: Cleanup): void {
  cleanups.push(cleanup);
}

export async function runCleanups(): Promise<void> {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) await cleanup();
}
