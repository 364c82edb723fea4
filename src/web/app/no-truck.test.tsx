import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { setRole } from '../features/accounts/session.slices';
import { setLanguage } from './lang-dir.slice';
import { NoTruck } from './no-truck';
import { Providers } from './providers';
import { makeStore } from './store';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

async function renderFor(role: string, lang: 'en' | 'ar' = 'en') {
  const store = makeStore();
  store.dispatch(setRole([role]));
  store.dispatch(setLanguage(lang));
  await initI18n(lang);
  const router = createMemoryRouter(
    [
      { path: '/menu', element: <NoTruck purpose="Its menu is built here." /> },
      { path: '/truck-register', element: <h1>register</h1> },
      { path: '/admin/reviews', element: <h1>reviews</h1> },
    ],
    { initialEntries: ['/menu'] },
  );
  render(
    <Providers store={store} langDir={store.getState().lang_dir}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('a truck screen without a truck', () => {
  it('invites a vendor to register one, saying what the screen will hold', async () => {
    const router = await renderFor('Vendor');
    expect(screen.getByRole('heading', { name: 'No truck yet' })).toBeTruthy();
    expect(screen.getByText('Its menu is built here.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Register your truck' }));
    expect(router.state.location.pathname).toBe('/truck-register');
  });

  it('tells an admin the screen is not theirs and leads to the review queue, never to registering a truck', async () => {
    const router = await renderFor('Admin');
    expect(screen.getByRole('heading', { name: "Not an admin's screen" })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register your truck' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open the review queue' }));
    expect(router.state.location.pathname).toBe('/admin/reviews');
  });

  it('says so in Arabic', async () => {
    await renderFor('Admin', 'ar');
    expect(screen.getByRole('heading', { name: 'هذه الشاشة ليست للمشرف' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'افتح قائمة المراجعة' })).toBeTruthy();
  });
});
