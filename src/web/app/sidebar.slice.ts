/**
 * The seed's `sidebar` slice (docs/product.md §6.3): the menu's selected/open keys and whether the
 * sidebar is collapsed, the one place the sidebar's state lives. `collapsed` is the choice made on a
 * wide screen (1200 px and up), saved. At a counter tablet's width (992–1199 px) the open sidebar took
 * a quarter of the screen from the orders and the menu: there it starts folded to its icons, and
 * `counterUnfolded` (unfolded there from the navbar) lasts until the page is left, never saved, so it
 * leaves the wide screens' choice alone. `sidebarCollapsed` reads which applies.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isRecord, readJson, STORAGE_KEYS } from './storage';

export interface SidebarState {
  menu: { selectedKeys: string[]; openKeys: string[] };
  sidebar: { collapsed: boolean; counterUnfolded: boolean };
}

/** The desktop widths the sidebar shows at: 'wide' from 1200 px, 'counter' from 992 px to 1199 px. */
export type SidebarWidth = 'wide' | 'counter';

const isPersistedSidebar = (value: unknown): value is { collapsed: boolean } => isRecord(value) && typeof value.collapsed === 'boolean';

export const HOME_KEY = '/home';

export const loadSidebar = (): SidebarState => ({
  menu: { selectedKeys: [HOME_KEY], openKeys: [] },
  sidebar: { collapsed: readJson(STORAGE_KEYS.sidebar, isPersistedSidebar, { collapsed: false }).collapsed, counterUnfolded: false },
});

/** Whether the sidebar shows folded at this width. */
export const sidebarCollapsed = (state: SidebarState, width: SidebarWidth): boolean => (width === 'wide' ? state.sidebar.collapsed : !state.sidebar.counterUnfolded);

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
    /** The navbar's toggle at a desktop width: the saved choice on a wide screen, the counter's own fold below. */
    toggleSidebarAt: (state, action: PayloadAction<SidebarWidth>) => {
      if (action.payload === 'wide') state.sidebar.collapsed = !state.sidebar.collapsed;
      else state.sidebar.counterUnfolded = !state.sidebar.counterUnfolded;
    },
  },
});

export const { setSelectedKeys, setOpenKeys, resetMenu, setCollapsed, toggleCollapsed, toggleSidebarAt } = sidebarSlice.actions;
