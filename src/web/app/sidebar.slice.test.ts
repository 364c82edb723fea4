import { afterEach, describe, expect, it } from 'vitest';
import { loadSidebar, resetMenu, setCollapsed, setOpenKeys, setSelectedKeys, sidebarSlice, toggleCollapsed } from './sidebar.slice';

afterEach(() => localStorage.clear());

const reduce = sidebarSlice.reducer;

describe('sidebar slice', () => {
  it('starts on /home, nothing open, expanded', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({ menu: { selectedKeys: ['/home'], openKeys: [] }, sidebar: { collapsed: false } });
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
