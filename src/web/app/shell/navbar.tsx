/** The navbar: sidebar toggle, page title, language switch, the user's menu and the settings button. */
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { TruckSwitcher } from '../../features/trucks/truck-switcher';
import { routeTitleKey } from '../routes';
import { ConnectionStatus } from './connection-status';
import { LanguageSwitch } from './language-switch';
import { useSettings } from './settings-context';
import { UserMenu } from './user-menu';

export interface NavbarProps {
  /** At 992px and wider the toggle collapses the sidebar; below, it opens the navigation drawer. */
  desktop: boolean;
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  onOpenSettings: () => void;
  onPreloadSettings: () => void;
}

export function Navbar({ desktop, sidebarCollapsed, onToggleSidebar, onOpenSettings, onPreloadSettings }: NavbarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { fixedNavbar } = useSettings().settings;
  const toggleIcon = !desktop ? (
    <MenuOutlined aria-hidden />
  ) : sidebarCollapsed ? (
    <MenuUnfoldOutlined className="td-mirror" aria-hidden />
  ) : (
    <MenuFoldOutlined className="td-mirror" aria-hidden />
  );
  const toggleLabel = !desktop ? 'shell:navbar.openNavigation' : sidebarCollapsed ? 'shell:navbar.expandSidebar' : 'shell:navbar.collapseSidebar';
  return (
    <Layout.Header className={fixedNavbar ? 'td-navbar td-navbar--fixed' : 'td-navbar'} data-testid="navbar">
      <Button
        type="text"
        icon={toggleIcon}
        aria-label={t(toggleLabel)}
        aria-expanded={desktop ? !sidebarCollapsed : undefined}
        onClick={onToggleSidebar}
        data-testid="sidebar-toggle"
      />
      <h1 className="td-navbar__title">{t(routeTitleKey(pathname))}</h1>
      <div className="td-navbar__actions">
        <ConnectionStatus />
        <TruckSwitcher />
        <LanguageSwitch />
        <UserMenu />
        <Button
          type="text"
          icon={<SettingOutlined aria-hidden />}
          aria-label={t('shell:navbar.settings')}
          aria-haspopup="dialog"
          onClick={onOpenSettings}
          onMouseEnter={onPreloadSettings}
          onFocus={onPreloadSettings}
          data-testid="settings-button"
        />
      </div>
    </Layout.Header>
  );
}
