/**
 * The saved reads' code (snapshots.ts), which the API client asks for only when a read finds no
 * connection. The screens that work offline ask for it once they are up, so that it is already
 * loaded when the signal goes: without the service worker's copy yet, a chunk first asked for
 * offline never comes.
 */
export const loadSnapshots = () => import('./snapshots');
