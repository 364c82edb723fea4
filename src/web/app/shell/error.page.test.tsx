import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIND, renderApp, SCREEN_TIMEOUT } from '../test-support';
import { reloadPage } from './reload-page';

vi.mock('../../features/accounts/session-guard', () => ({ SessionGuard: () => null }));
vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));
// A deployment replaced the screen's chunk: loading it fails.
vi.mock('../../features/menu/menu.page.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a screen whose code fails to load', SCREEN_TIMEOUT, () => {
  it('shows a translated error with a reload', async () => {
    await renderApp('/menu');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' }, FIND)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalled();
  });
});
