import { cleanup, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { PageLoading } from './page-loading';
import { makeStore } from './store';

afterEach(cleanup);

describe('PageLoading', () => {
  it('sets loading.page while any one is shown and clears it when the last goes', () => {
    const store = makeStore();
    const view = (first: boolean, second: boolean) => (
      <Provider store={store}>
        {first && <PageLoading />}
        {second && <PageLoading />}
      </Provider>
    );
    const { rerender, unmount } = render(view(true, false));
    expect(store.getState().loading.page).toBe(true);
    rerender(view(true, true));
    rerender(view(false, true));
    expect(store.getState().loading.page).toBe(true);
    rerender(view(false, false));
    expect(store.getState().loading.page).toBe(false);
    rerender(view(true, false));
    expect(store.getState().loading.page).toBe(true);
    unmount();
    expect(store.getState().loading.page).toBe(false);
  });
});
