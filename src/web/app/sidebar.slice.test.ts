import { afterEach, describe, expect, it } from 'vitest';
import { loadSidebar, resetMenu, setCollapsed, setOpenKeys, setSelectedKeys, sidebarCollapsed, sidebarSlice, toggleCollapsed, toggleSidebarAt } from './sidebar.slice';

afterEach(() => localStorage.clear());

const reduce = sidebarSlice.reducer;

describe('sidebar slice', () => {
  it('starts on /home, nothing open, expanded on a wide screen and folded at a counter width', () => {
    const state = reduce(undefined, { type: 'init' });
    expect(state).toEqual({ menu: { selectedKeys: ['/home'], openKeys: [] }, sidebar: { collapsed: false, counterUnfolded: false } });
    expect(sidebarCollapsed(state, 'wide')).toBe(false);
    expect(sidebarCollapsed(state, 'counter')).toBe(true);
  });

  it('folds and unfolds at a counter width apart from the wide screens’ choice, and the other way round', () => {
    let state = reduce(undefined, toggleSidebarAt('counter'));
    expect(sidebarCollapsed(state, 'counter')).toBe(false);
    expect(sidebarCollapsed(state, 'wide')).toBe(false);
    state = reduce(state, toggleSidebarAt('wide'));
    expect(sidebarCollapsed(state, 'wide')).toBe(true);
    expect(sidebarCollapsed(state, 'counter')).toBe(false);
    state = reduce(state, toggleSidebarAt('counter'));
    expect(sidebarCollapsed(state, 'counter')).toBe(true);
    expect(state.sidebar).toEqual({ collapsed: true, counterUnfolded: false });
  });

  it('saves only the wide screens’ choice: a page opened again starts folded at a counter width', () => {
    localStorage.setItem('sidebar', JSON.stringify({ collapsed: false, counterUnfolded: true }));
    expect(loadSidebar().sidebar).toEqual({ collapsed: false, counterUnfolded: false });
  });

  it('selects and opens menu keys', () => {
    let state = reduce(undefined, setSelectedKeys(['/orders']));
    state = reduce(state, setOpenKeys(['admin']));
    expect(state.menu).toEqual({ selectedKeys: ['/orders'], openKeys: ['admin'] });
  });

  it('resetting the menu selects /home (docs/product.md §6.4)', () => {
    const state = reduce(reduce(reduce(undefined, setSelectedKeys(['/orders'])), setOpenKeys(['x'])), resetMenu());
    expect(state.menu).toEqual({ selectedKeys: ['/home'], openKeys: [] });
  });

  it('collapses and toggles', () => {
    expect(reduce(undefined, setCollapsed(true)).sidebar.collapsed).toBe(true);
    expect(reduce(reduce(undefined, toggleCollapsed()), toggleCollapsed()).sidebar.collapsed).toBe(false);
  });

  it('starts collapsed when that was saved, and expanded when the saved value is corrupt', () => {
    localStorage.setItem('sidebar', JSON.stringify({ collapsed: true }));
    expect(loadSidebar().sidebar.collapsed).toBe(true);
    localStorage.setItem('sidebar', '{"collapsed":"yes"');
    expect(loadSidebar().sidebar.collapsed).toBe(false);
  });
});
