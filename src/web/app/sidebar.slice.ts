/** The seed's `sidebar` slice (docs/product.md §6.3): the menu's selected/open keys and whether the sidebar is collapsed. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isRecord, readJson, STORAGE_KEYS } from './storage';

export interface SidebarState {
  menu: { selectedKeys: string[]; openKeys: string[] };
  sidebar: { collapsed: boolean };
}

const isPersistedSidebar = (value: unknown): value is { collapsed: boolean } => isRecord(value) && typeof value.collapsed === 'boolean';

export const HOME_KEY = '/home';

export const loadSidebar = (): SidebarState => ({
  menu: { selectedKeys: [HOME_KEY], openKeys: [] },
  sidebar: { collapsed: readJson(STORAGE_KEYS.sidebar, isPersistedSidebar, { collapsed: false }).collapsed },
});

export const sidebarSlice = createSlice({
  name: 'sidebar',
  initialState: loadSidebar,
  reducers: {
    setSelectedKeys: (state, action: PayloadAction<string[]>) => {
      state.menu.selectedKeys = action.payload;
    },
    setOpenKeys: (state, action: PayloadAction<string[]>) => {
      state.menu.openKeys = action.payload;
    },
    /** The seed's "reset menu" (docs/product.md §6.4): back to /home. */
    resetMenu: (state) => {
      state.menu.selectedKeys = [HOME_KEY];
      state.menu.openKeys = [];
    },
    setCollapsed: (state, action: PayloadAction<boolean>) => {
      state.sidebar.collapsed = action.payload;
    },
    toggleCollapsed: (state) => {
      state.sidebar.collapsed = !state.sidebar.collapsed;
    },
  },
});

export const { setSelectedKeys, setOpenKeys, resetMenu, setCollapsed, toggleCollapsed } = sidebarSlice.actions;
