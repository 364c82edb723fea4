/** The current user's menu in the navbar: profile and sign out. */
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignOut } from '../../features/accounts/use-sign-out';
import { MenuButton } from '../../ui/menu-button';
import { useAppSelector } from '../hooks';

/** The name to show for `user_details` (product: fullName, else the email). */
export function displayName(user: Record<string, unknown> | null): string | undefined {
  const name = [user?.fullName, user?.email].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  return name;
}

export function UserMenu() {
  const { t } = useTranslation();
  const { signOut } = useSignOut();
  const name = displayName(useAppSelector((s) => s.user.user));
  return (
    <MenuButton
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined aria-hidden />, label: <Link to="/user-profile">{t('shell:user.profile')}</Link> },
          { type: 'divider' },
          { key: 'sign-out', icon: <LogoutOutlined className="td-mirror" aria-hidden />, label: t('shell:user.signOut'), onClick: () => void signOut() },
        ],
      }}
    >
      <Button type="text" className="td-user-button" aria-haspopup="menu" data-testid="user-menu">
        <Avatar size="small" icon={<UserOutlined aria-hidden />} />
        {/* A real name is the user's own text: not translated, and not held to the catalogue check. */}
        <span className="td-user-button__name" translate={name ? 'no' : undefined}>
          {name ?? t('shell:navbar.guest')}
        </span>
        {/* The visible name starts the button's accessible name; this says what the button opens. */}
        <span className="td-visually-hidden">{t('shell:navbar.account')}</span>
      </Button>
    </MenuButton>
  );
}
