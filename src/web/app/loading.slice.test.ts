import { describe, expect, it } from 'vitest';
import { loadingSlice, setCompLoading, setPageLoading } from './loading.slice';

describe('loading slice', () => {
  it('starts with neither flag set', () => {
    expect(loadingSlice.reducer(undefined, { type: 'init' })).toEqual({ page: false, comp: false });
  });

  it('sets the page and component flags independently', () => {
    let state = loadingSlice.reducer(undefined, setPageLoading(true));
    expect(state).toEqual({ page: true, comp: false });
    state = loadingSlice.reducer(state, setCompLoading(true));
    expect(state).toEqual({ page: true, comp: true });
    state = loadingSlice.reducer(state, setPageLoading(false));
    expect(state).toEqual({ page: false, comp: true });
  });
});
