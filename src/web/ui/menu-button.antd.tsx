/** The Dropdown behind menu-button.tsx, loaded when its button is first pointed at, focused or pressed. */
import { Dropdown, type MenuProps } from 'antd';
import { cloneElement, useEffect, useRef, useState, type ReactElement } from 'react';
import type { MenuTriggerProps } from './menu-button';

export interface LoadedMenuButtonProps {
  menu: MenuProps;
  button: ReactElement<MenuTriggerProps>;
  /** The button it replaces had the focus: take it. */
  focus: boolean;
  /** The button it replaces was pressed: open. */
  open: boolean;
}

export function LoadedMenuButton({ menu, button, focus, open: openAtOnce }: LoadedMenuButtonProps) {
  const [open, setOpen] = useState(openAtOnce);
  const trigger = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focus) trigger.current?.focus();
    // Only when it takes the placeholder's place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Dropdown trigger={['click']} menu={menu} open={open} onOpenChange={setOpen}>
      {cloneElement(button as ReactElement<MenuTriggerProps & { ref?: unknown }>, { ref: trigger })}
    </Dropdown>
  );
}
