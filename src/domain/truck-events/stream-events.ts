/**
 * Events the stream itself sends: `ready` once connected (its id is where the stream starts; a
 * dashboard reloads what it shows, as it may have missed changes before), `resync` when a resumed
 * stream's events are no longer kept (reload everything). No schemas here (./index.ts has
 * them): the browser's shell follows the stream without zod.
 */
export const STREAM_EVENTS = { ready: 'ready', resync: 'resync' } as const;
