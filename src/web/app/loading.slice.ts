/** The seed's `loading` slice (docs/product.md §6.3): `page` shows the full-screen overlay, `comp` a component spinner. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface LoadingState {
  page: boolean;
  comp: boolean;
}

const initialState: LoadingState = { page: false, comp: false };

export const loadingSlice = createSlice({
  name: 'loading',
  initialState,
  reducers: {
    setPageLoading: (state, action: PayloadAction<boolean>) => {
      state.page = action.payload;
    },
    setCompLoading: (state, action: PayloadAction<boolean>) => {
      state.comp = action.payload;
    },
  },
});

export const { setPageLoading, setCompLoading } = loadingSlice.actions;
