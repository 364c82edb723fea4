/** Setup file of the API tests: after each file, undo what it made (cleanup.ts). */
import { afterAll } from 'vitest';
import { runCleanups } from './cleanup';

afterAll(runCleanups);
