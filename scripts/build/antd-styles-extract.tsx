/**
 * Ant Design's styles, extracted (decision 015). The app runs antd in its zero-runtime mode: components
 * compute no styles as they render (that was ~40 % of a screen's first render); their stylesheets are
 * made here, at build time, by rendering each component the app imports, in the states it shows
 * (open pop-ups included: their parts register styles of their own), in jsdom, and reading what
 * antd's style cache then holds. The theme does not enter: antd writes its rules against CSS
 * variables, and the variables themselves (the theme's and each component's tokens, light or dark)
 * are still set at run time.
 *
 * Only what is rendered here has rules: using an antd component in a new way (a Table's pagination, a
 * Select in tags mode), render that state in GALLERY too. A component missing from GALLERY stops the build.
 *
 * Prints JSON: `{ styles: { [key]: { order, css } }, components: { [name]: key[] } }`.
 * Run by scripts/build/antd-styles.ts (the Vite plugin), in a process of its own: jsdom's globals
 * must not leak into the build.
 */
import { createRequire } from 'node:module';

// Loaded through require and typed loosely on purpose: this program is typechecked with Node's types
// only, and React DOM's or antd's types would bring the browser's into it.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Loose = any;
const require = createRequire(import.meta.url);
const { JSDOM } = require('jsdom') as Loose;
const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { pretendToBeVisual: true, url: 'http://localhost/' });
const window = dom.window as Loose;
class Observer {
  observe() {}
  unobserve() {}
  disconnect() {}
}
const globals: Record<string, unknown> = {
  window,
  document: window.document,
  navigator: window.navigator,
  location: window.location,
  getComputedStyle: window.getComputedStyle.bind(window),
  requestAnimationFrame: (cb: (t: number) => void) => setTimeout(() => cb(Date.now()), 0),
  cancelAnimationFrame: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  ResizeObserver: Observer,
  IntersectionObserver: Observer,
  matchMedia: () => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} }),
  IS_REACT_ACT_ENVIRONMENT: true,
};
for (const key of Object.getOwnPropertyNames(window)) {
  if (!(key in globalThis) && /^[A-Z]/.test(key)) globals[key] = window[key];
}
Object.assign(window, { matchMedia: globals.matchMedia, ResizeObserver: Observer });
for (const [key, value] of Object.entries(globals)) Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });

// antd's CommonJS build, and the cssinjs and React it requires: one instance of each.
const React = require('react') as Loose;
const { createRoot } = require('react-dom/client') as Loose;
const { act } = React as { act: (fn: () => void | Promise<void>) => Promise<void> };
const antd = require('antd') as Loose;
const cssinjs = require('@ant-design/cssinjs') as Loose;
const { extract } = require('@ant-design/cssinjs/lib/hooks/useStyleRegister') as {
  extract: (value: unknown, effects: Record<string, boolean>, options: { plain: boolean }) => [number, string, string] | null;
};

const h = React.createElement as (...args: Loose[]) => Loose;
const {
  Alert, Avatar, Button, Calendar, Checkbox, ColorPicker, ConfigProvider, DatePicker, Divider, Drawer, Dropdown, Empty, Form, Input,
  InputNumber, Layout, Modal, Popconfirm, Popover, QRCode, Radio, Segmented, Select, Skeleton, Space, Spin, Steps, Switch, Tag, Tooltip,
} = antd;
const options = [{ value: 'a', label: 'A' }, { value: 'b', label: 'B', disabled: true }];
const menuItems = [
  { key: 'a', label: 'A', icon: h('span') },
  { type: 'divider' as const },
  { key: 'b', label: 'B', danger: true },
  { key: 'c', label: 'C', disabled: true },
  { key: 'g', type: 'group' as const, label: 'G', children: [{ key: 'd', label: 'D' }] },
  { key: 's', label: 'S', children: [{ key: 'e', label: 'E' }] },
];

/** Each component the app imports from antd, in the states the app shows it in. */
const GALLERY: Record<string, () => Loose> = {
  Alert: () => [
    h(Alert, { key: 1, title: 't', description: 'd', type: 'info', showIcon: true, closable: true, action: h(Button, null, 'a') }),
    ...(['success', 'warning', 'error'] as const).map((type) => h(Alert, { key: type, title: 't', type, showIcon: true })),
    h(Alert, { key: 2, title: 't', banner: true }),
  ],
  Avatar: () => [h(Avatar, { key: 1, icon: h('span') }), h(Avatar, { key: 2, size: 'large', shape: 'square', src: 'x.png' }), h(Avatar.Group, { key: 3 }, h(Avatar, null, 'A'), h(Avatar, null, 'B'))],
  Button: () => [
    ...(['primary', 'default', 'dashed', 'text', 'link'] as const).map((type) => h(Button, { key: type, type }, type)),
    h(Button, { key: 'd', danger: true }, 'd'),
    h(Button, { key: 'dp', danger: true, type: 'primary' }, 'd'),
    h(Button, { key: 'g', ghost: true, type: 'primary' }, 'g'),
    h(Button, { key: 'l', loading: true }, 'l'),
    h(Button, { key: 'i', icon: h('span'), shape: 'circle' }),
    h(Button, { key: 's', size: 'small' }, 's'),
    h(Button, { key: 'b', size: 'large', block: true }, 'b'),
    h(Button, { key: 'x', disabled: true }, 'x'),
    h(Space.Compact, { key: 'c' }, h(Button, null, 'a'), h(Button, null, 'b')),
  ],
  Calendar: () => [h(Calendar, { key: 1, fullscreen: false }), h(Calendar, { key: 2 })],
  Checkbox: () => [h(Checkbox, { key: 1, checked: true }, 'c'), h(Checkbox, { key: 2, indeterminate: true }), h(Checkbox.Group, { key: 3, options })],
  ColorPicker: () => [h(ColorPicker, { key: 1, open: true, showText: true }), h(ColorPicker, { key: 2, size: 'small', disabled: true })],
  DatePicker: () => [
    h(DatePicker, { key: 1, open: true }),
    h(DatePicker, { key: 2, open: true, picker: 'time' }),
    h(DatePicker, { key: 3, open: true, showTime: true }),
    h(DatePicker.RangePicker, { key: 4, open: true }),
    h(DatePicker, { key: 5, status: 'error', allowClear: true, size: 'small' }),
  ],
  Divider: () => [h(Divider, { key: 1 }), h(Divider, { key: 2, titlePlacement: 'start' }, 't'), h(Divider, { key: 3, vertical: true })],
  Drawer: () => h(Drawer, { open: true, title: 't', footer: 'f', placement: 'left', closable: true }, 'x'),
  Dropdown: () => [
    h(Dropdown, { key: 1, open: true, menu: { items: menuItems, selectable: true, selectedKeys: ['a'] } }, h('button', null, 'm')),
    h(Dropdown, { key: 2, open: true, arrow: true, menu: { items: menuItems } }, h('button', null, 'm')),
  ],
  Form: () =>
    h(
      Form,
      { layout: 'vertical', requiredMark: true },
      h(Form.Item, { label: 'L', name: 'a', rules: [{ required: true }], help: 'h', validateStatus: 'error', extra: 'e', hasFeedback: true }, h(Input)),
      h(Form.Item, { label: 'L', name: 'b', tooltip: 't', validateStatus: 'success', hasFeedback: true }, h(Input)),
      h(Form.Item, { noStyle: true, name: 'c' }, h(Input)),
      h(Form, { layout: 'inline', component: false }, h(Form.Item, { label: 'i' }, h(Input))),
      h(Form, { layout: 'horizontal', component: false }, h(Form.Item, { label: 'i', colon: true }, h(Input))),
    ),
  Input: () => [
    h(Input, { key: 1, allowClear: true, prefix: 'p', suffix: 's', showCount: true, maxLength: 9, status: 'error' }),
    h(Space.Compact, { key: 2 }, h(Input), h(Space.Addon, null, 'a')),
    h(Input.Search, { key: 3 }),
    h(Input.TextArea, { key: 4, showCount: true, maxLength: 9, autoSize: true }),
    h(Input.Password, { key: 5 }),
    h(Input.OTP, { key: 6 }),
    h(Input, { key: 7, variant: 'filled', size: 'large', disabled: true }),
  ],
  InputNumber: () => [h(InputNumber, { key: 1, prefix: 'p', suffix: 's', controls: true, status: 'error' }), h(InputNumber, { key: 2, size: 'small', mode: 'spinner' }), h(Space.Compact, { key: 3 }, h(InputNumber), h(Space.Addon, null, 'a'))],
  Layout: () =>
    h(Layout, null, h(Layout.Header, null, 'h'), h(Layout, { hasSider: true }, h(Layout.Sider, { collapsible: true, breakpoint: 'lg', collapsedWidth: 0 }, 's'), h(Layout.Content, null, 'c')), h(Layout.Footer, null, 'f')),
  Modal: () => [
    h(Modal, { key: 1, open: true, title: 't', footer: h(Button, null, 'f') }, 'x'),
    h(Modal, { key: 2, open: true, title: 't', centered: true, confirmLoading: true, okButtonProps: { danger: true } }, 'x'),
  ],
  Popconfirm: () => h(Popconfirm, { open: true, title: 't', description: 'd', okButtonProps: { danger: true } }, h('button', null, 'p')),
  Popover: () => [h(Popover, { key: 1, open: true, title: 't', content: 'c' }, h('button', null, 'p')), h(Tooltip, { key: 2, open: true, title: 't' }, h('button', null, 't'))],
  Radio: () => [
    h(Radio, { key: 1, checked: true }, 'r'),
    h(Radio.Group, { key: 2, options }),
    h(Radio.Group, { key: 3, options, optionType: 'button', buttonStyle: 'solid', value: 'a' }),
    h(Radio.Group, { key: 4, options, optionType: 'button', size: 'small' }),
  ],
  Segmented: () => [h(Segmented, { key: 1, options: ['a', 'b'], block: true }), h(Segmented, { key: 2, options: ['a', 'b'], size: 'small', vertical: true })],
  Select: () => [
    h(Select, { key: 1, open: true, options, showSearch: true, allowClear: true, value: 'a' }),
    h(Select, { key: 2, open: true, mode: 'multiple', options, value: ['a'], maxTagCount: 'responsive' }),
    h(Select, { key: 3, open: true, options: [], notFoundContent: h(Empty, { image: Empty.PRESENTED_IMAGE_SIMPLE }) }),
    h(Select, { key: 4, status: 'error', size: 'small', loading: true }),
    h(Empty, { key: 5 }),
  ],
  Skeleton: () => [
    h(Skeleton, { key: 1, active: true, avatar: true, paragraph: { rows: 2 } }),
    h(Skeleton.Button, { key: 2, active: true }),
    h(Skeleton.Input, { key: 3 }),
    h(Skeleton.Avatar, { key: 4 }),
    h(Skeleton.Image, { key: 5 }),
    h(Skeleton.Node, { key: 6 }, 'n'),
  ],
  Space: () => [h(Space, { key: 1, wrap: true, size: 'large', orientation: 'vertical' }, 'a', 'b'), h(Space.Compact, { key: 2, block: true }, h(Button, null, 'a'), h(Input)), h(Space, { key: 3, separator: '|' }, 'a', 'b')],
  // The invoice's ZATCA QR (ui/invoice-qr.antd.tsx), as an SVG without a border.
  QRCode: () => [h(QRCode, { key: 1, value: 'AQxCb2Jz', type: 'svg', bordered: false })],
  Spin: () => [h(Spin, { key: 1 }), h(Spin, { key: 2, size: 'large', tip: 't' }, h('div', null, 'x')), h(Spin, { key: 3, size: 'small' })],
  Steps: () => [
    h(Steps, { key: 1, current: 1, items: [{ title: 'a', description: 'd' }, { title: 'b', status: 'error' }, { title: 'c' }] }),
    h(Steps, { key: 2, current: 1, size: 'small', orientation: 'vertical', items: [{ title: 'a' }, { title: 'b' }] }),
    h(Steps, { key: 3, current: 1, titlePlacement: 'vertical', responsive: true, items: [{ title: 'a' }, { title: 'b' }] }),
  ],
  Switch: () => [h(Switch, { key: 1, checked: true, checkedChildren: 'on', unCheckedChildren: 'off' }), h(Switch, { key: 2, size: 'small', loading: true })],
  Tag: () => [h(Tag, { key: 1, color: 'blue' }, 't'), h(Tag, { key: 2, color: 'success', closable: true }, 't'), h(Tag, { key: 3, color: 'green', variant: 'outlined' }, 't'), h(Tag.CheckableTag, { key: 4, checked: true }, 'c')],
  // Its own styles (the icons' reset, the theme's variables) are written at run time.
  ConfigProvider: () => null,
};

const styles: Record<string, { order: number; css: string }> = {};
const components: Record<string, string[]> = {};
const container = window.document.createElement('div');
window.document.body.appendChild(container);
console.error = () => {}; // act() and deprecation notices: what is rendered here is never shown.
console.warn = () => {};
for (const [name, render] of Object.entries(GALLERY)) {
  const cache = cssinjs.createCache();
  const root = createRoot(container);
  await act(async () => {
    root.render(h(cssinjs.StyleProvider, { cache }, h(ConfigProvider, { theme: { hashed: false } }, render())));
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  const keys: string[] = [];
  for (const [key, value] of cache.cache.entries() as Iterable<[string, [number, unknown]]>) {
    if (!key.startsWith('style%')) continue;
    const extracted = extract(value[1], {}, { plain: true });
    if (!extracted) continue;
    const [order, , css] = extracted;
    // The token's hash leads the key; the rules themselves are the theme's variables, whatever the theme.
    const path = key.split('%').slice(2).join('|');
    // Left out: parts that register no rules, and the icons' reset, which ConfigProvider still writes at run time.
    if (!css || path.startsWith('ant-design-icons|')) continue;
    styles[path] = { order, css };
    keys.push(path);
  }
  components[name] = keys;
  await act(async () => root.unmount());
  window.document.head.innerHTML = '';
}
// Exits once written (a pipe takes it in parts): the timers antd's components left behind would keep it alive.
process.stdout.write(JSON.stringify({ styles, components }), () => process.exit(0));
