/**
 * A button that opens a menu (the user's, the truck switcher): Ant Design's Dropdown, with its Menu,
 * rc-menu and rc-trigger (~20 KiB with their styles), loads when the button is first pointed at,
 * focused or pressed, not with every screen (decision 015). Until then the button is the same
 * button; once the menu has loaded it takes the button's place, focused and, if pressed, open.
 */
import type { MenuProps } from 'antd';
import { cloneElement, useState, type ReactElement } from 'react';
import type { LoadedMenuButton } from './menu-button.antd';
import { onFirstUse } from './on-first-use';

/** The button's own props that the menu button sets. */
export interface MenuTriggerProps {
  onClick?(): void;
  onPointerEnter?(): void;
  onFocus?(): void;
  onBlur?(): void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
}

const menus = onFirstUse<{ LoadedMenuButton: typeof LoadedMenuButton }>(() => import('./menu-button.antd'));
const loadMenus = menus.load;

export interface MenuButtonProps {
  menu: MenuProps;
  /** The trigger: a Button that takes MenuTriggerProps and a ref. */
  children: ReactElement<MenuTriggerProps>;
}

export function MenuButton({ menu, children: button }: MenuButtonProps) {
  const module = menus.useLoaded();
  // The loaded button replaces this one: it takes the focus this one had, and opens if this one was pressed.
  const [focused, setFocused] = useState(false);
  const [pressed, setPressed] = useState(false);
  if (module) return <module.LoadedMenuButton menu={menu} button={button} focus={focused || pressed} open={pressed} />;
  return cloneElement(button, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: loadMenus,
    onFocus: () => {
      setFocused(true);
      loadMenus();
    },
    onBlur: () => setFocused(false),
    onClick: () => {
      setPressed(true);
      loadMenus();
    },
  });
}
