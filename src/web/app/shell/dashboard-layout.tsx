/**
 * The dashboard layout (the seed's default 'dashboard', docs/product.md §6.2): sidebar, navbar, the
 * screen and the settings drawer, and what features keep running on every screen (shell-mounts.tsx). A
 * lazy route of its own, so the entry page never loads Ant Design's layout and menu.
 */
import { Layout } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TruckScreenGuard } from '../../features/accounts/require-access';
import { PendingInvitation } from '../../features/team/pending-invitation';
import { AntdProvider } from '../antd-provider';
import { DESKTOP_QUERY, useMediaQuery, WIDE_QUERY } from '../../ui/use-media-query';
import { useAppDispatch, useAppSelector } from '../hooks';
import { setSelectedKeys, sidebarCollapsed, toggleSidebarAt } from '../sidebar.slice';
import { Navbar } from './navbar';
import { useSettings } from './settings-context';
import { ShellMounts } from './shell-mounts';
import { DesktopSidebar, MobileSidebar } from './sidebar';
import { menuKeyFor } from './sidebar-entries';
import './dashboard-layout.css';

const loadSettingsDrawer = () => import('./settings-drawer');
const SettingsDrawer = lazy(loadSettingsDrawer);

export function DashboardLayout() {
  const dispatch = useAppDispatch();
  const { settings, dispatch: settingsDispatch } = useSettings();
  const { pathname } = useLocation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const wide = useMediaQuery(WIDE_QUERY);
  // Folded at a counter tablet's width unless unfolded there, else the saved choice (sidebar.slice.ts).
  const sidebarWidth = wide ? 'wide' : 'counter';
  const collapsed = useAppSelector((s) => sidebarCollapsed(s.sidebar, sidebarWidth));
  const [navigationOpen, setNavigationOpen] = useState(false);
  // Mounted on first open and kept, so closing animates instead of vanishing.
  const [drawerMounted, setDrawerMounted] = useState(settings.openConfigurator);
  if (settings.openConfigurator && !drawerMounted) setDrawerMounted(true);

  useEffect(() => settingsDispatch({ type: 'layout', value: 'dashboard' }), [settingsDispatch]);

  useEffect(() => {
    const key = menuKeyFor(pathname);
    dispatch(setSelectedKeys(key ? [key] : []));
  }, [dispatch, pathname]);

  return (
    <AntdProvider>
      <Layout hasSider className="td-dashboard">
        {desktop ? <DesktopSidebar collapsed={collapsed} /> : <MobileSidebar open={navigationOpen} onClose={() => setNavigationOpen(false)} />}
        <Layout className="td-dashboard__body">
          <Navbar
            desktop={desktop}
            sidebarCollapsed={collapsed}
            onToggleSidebar={() => (desktop ? dispatch(toggleSidebarAt(sidebarWidth)) : setNavigationOpen(true))}
            onOpenSettings={() => settingsDispatch({ type: 'openConfigurator', value: true })}
            onPreloadSettings={() => void loadSettingsDrawer()}
          />
          <Layout.Content id="main" tabIndex={-1} className="td-dashboard__content">
            <ShellMounts />
            <PendingInvitation />
            <TruckScreenGuard>
              <Outlet />
            </TruckScreenGuard>
          </Layout.Content>
        </Layout>
      </Layout>
      {drawerMounted && (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      )}
    </AntdProvider>
  );
}

export { DashboardLayout as Component };
