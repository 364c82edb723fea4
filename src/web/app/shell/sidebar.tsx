/**
 * The sidebar: the brand and the list of screens (from the access list), coloured by the settings.
 * At 992px and wider it is a collapsible Sider (folded at first below 1200px); below, the same content
 * sits in a drawer. The list is plain links, not Ant Design's Menu: it is on every screen, and Menu
 * with rc-menu and its styles weighed ~13 KiB there for a list of links (decision 015).
 */
import {
  AuditOutlined,
  CalendarOutlined,
  CarOutlined,
  ClockCircleOutlined,
  EnvironmentOutlined,
  FormOutlined,
  GiftOutlined,
  HomeOutlined,
  ReadOutlined,
  ShoppingCartOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Drawer, Layout } from 'antd';
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentTruck } from '../current-truck';
import { useAppDispatch, useAppSelector } from '../hooks';
import { routeTitleKey } from '../routes';
import { resetMenu } from '../sidebar.slice';
import { formatCount, useAttention } from './attention';
import { useSettings } from './settings-context';
import { sidebarEntries } from './sidebar-entries';
import { sidenavLook, type SidenavLook } from './sidenav-style';

const ICONS: Record<string, ReactNode> = {
  '/home': <HomeOutlined aria-hidden />,
  '/truck-register': <FormOutlined aria-hidden />,
  '/truck-info': <CarOutlined aria-hidden />,
  '/menu': <ReadOutlined aria-hidden />,
  '/orders': <ShoppingCartOutlined aria-hidden />,
  '/booking-details': <CalendarOutlined aria-hidden />,
  '/delivery-zones': <EnvironmentOutlined aria-hidden />,
  '/operating-hours': <ClockCircleOutlined aria-hidden />,
  '/promotions': <GiftOutlined aria-hidden />,
  '/admin/reviews': <AuditOutlined aria-hidden />,
  '/user-profile': <UserOutlined aria-hidden />,
};

export const SIDEBAR_WIDTH = 250;

function useSidenavLook(): SidenavLook {
  const { settings } = useSettings();
  return sidenavLook(settings);
}

function SidebarBrand({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <Link
      to="/home"
      className="td-sidebar__brand"
      aria-label={t('shell:sidebar.home', { app: t('app.name') })}
      onClick={() => {
        dispatch(resetMenu());
        onNavigate?.();
      }}
    >
      <img src="/favicon.svg" alt="" width={32} height={32} />
      {!collapsed && <span className="td-wordmark">{t('app.name')}</span>}
    </Link>
  );
}

function SidebarMenu({ look, collapsed, onNavigate }: { look: SidenavLook; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const accessList = useAppSelector((s) => s.accessControl.accessList);
  const { selectedKeys } = useAppSelector((s) => s.sidebar.menu);
  const { truckId } = useCurrentTruck();
  const entries = useMemo(() => sidebarEntries(accessList, truckId), [accessList, truckId]);
  const attention = useAttention();
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const colours = { '--td-nav-accent': look.accent, '--td-nav-accent-text': look.accentText } as CSSProperties;
  return (
    <nav aria-label={t('shell:sidebar.label')}>
      <ul className={`td-nav td-nav--${look.menuTheme}${collapsed ? ' td-nav--collapsed' : ''}`} style={colours}>
        {entries.map((path) => {
          const waiting = attention[path] ?? 0;
          const title = t(routeTitleKey(path));
          return (
            <li key={path}>
              <Link to={path} className="td-nav__link" aria-current={selectedKeys.includes(path) ? 'page' : undefined} title={collapsed ? title : undefined} onClick={onNavigate}>
                <span className="td-nav__icon">{ICONS[path]}</span>
                <span className={collapsed ? 'td-visually-hidden' : 'td-nav__label'}>{title}</span>
                {waiting > 0 && (
                  <span className="td-sidebar__badge" data-testid={`sidebar-badge-${path.slice(1)}`}>
                    <span className="td-visually-hidden">(</span>
                    {formatCount(waiting, lang)}
                    <span className="td-visually-hidden">)</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Collapsed as the layout says: the saved choice on a wide screen, folded at a counter's width. */
export function DesktopSidebar({ collapsed }: { collapsed: boolean }) {
  const look = useSidenavLook();
  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsed={collapsed}
      trigger={null}
      theme={look.menuTheme}
      className={`td-sidebar td-sidebar--${look.menuTheme}`}
      style={{ background: look.background }}
      data-testid="sidebar"
    >
      <SidebarBrand collapsed={collapsed} />
      <SidebarMenu look={look} collapsed={collapsed} />
    </Layout.Sider>
  );
}

export function MobileSidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  // A closed Drawer shows nothing but still builds its styles as it renders, about a tenth of a
  // phone's first render of a screen: it is first rendered when first opened.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <MobileSidebarDrawer open={open} onClose={onClose} /> : null;
}

function MobileSidebarDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dir = useAppSelector((s) => s.lang_dir.dir);
  const look = useSidenavLook();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement={dir === 'rtl' ? 'right' : 'left'}
      size={SIDEBAR_WIDTH}
      closable={false}
      aria-label={t('shell:sidebar.label')}
      rootClassName={`td-sidebar td-sidebar--${look.menuTheme}`}
      styles={{ section: { background: look.background === 'transparent' ? undefined : look.background }, body: { padding: 0 } }}
      data-testid="sidebar"
    >
      <SidebarBrand collapsed={false} onNavigate={onClose} />
      <SidebarMenu look={look} collapsed={false} onNavigate={onClose} />
    </Drawer>
  );
}
