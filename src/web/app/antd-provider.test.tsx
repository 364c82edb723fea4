import { cleanup, render } from '@testing-library/react';
import { ConfigProvider, Form, Input, InputNumber, theme, type FormInstance } from 'antd';
import { createRef, useContext, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { langDirFor, type UiLang } from './lang-dir.slice';
import { SettingsProvider } from './shell/settings-context';
import { makeStore } from './store';
import { installMatchMedia } from './test-support';
import { AntdProvider } from './antd-provider';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderInAntd(lang: UiLang, children: ReactNode) {
  installMatchMedia(1366);
  const store = makeStore({ lang_dir: langDirFor(lang) });
  return render(
    <Provider store={store}>
      <SettingsProvider>
        <AntdProvider>{children}</AntdProvider>
      </SettingsProvider>
    </Provider>,
  );
}

async function validationMessages(lang: UiLang): Promise<string[]> {
  await initI18n(lang);
  const form = createRef<FormInstance>();
  renderInAntd(
    lang,
    <Form ref={form} initialValues={{ code: 'ab', email: 'nope', plate: '12', age: 200 }}>
      <Form.Item name="name" label="N" rules={[{ required: true }]}>
        <Input />
      </Form.Item>
      <Form.Item name="code" label="C" rules={[{ len: 4 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="email" label="E" rules={[{ type: 'email' }]}>
        <Input />
      </Form.Item>
      <Form.Item name="plate" label="P" rules={[{ pattern: /^[A-Z]+$/ }]}>
        <Input />
      </Form.Item>
      <Form.Item name="age" label="A" rules={[{ type: 'number', min: 1, max: 120 }]}>
        <InputNumber />
      </Form.Item>
    </Form>,
  );
  const outcome = await form.current!.validateFields().catch((error: { errorFields: { errors: string[] }[] }) => error);
  return (outcome as { errorFields: { errors: string[] }[] }).errorFields.flatMap((f) => f.errors);
}

describe('Ant Design in the interface language', () => {
  it('gives form-validation messages in Arabic: required, length, type, pattern, range', async () => {
    expect(await validationMessages('ar')).toEqual([
      'يرجى إدخال N',
      'يجب C ان يكون 4 أحرف',
      'ليس E من نوع email صالحًا',
      'لا يتطابق P مع /^[A-Z]+$/',
      '120-1 ان يكون مابين A يجب',
    ]);
  });

  it('gives them in English in English', async () => {
    expect((await validationMessages('en'))[0]).toBe('Please enter N');
  });

  it('lays antd out right to left in Arabic', async () => {
    await initI18n('ar');
    const { container } = renderInAntd('ar', <Input />);
    expect(container.querySelector('.ant-input-rtl')).not.toBeNull();
  });

  it('uses the brand green, and the dark algorithm when dark mode is on', async () => {
    await initI18n('en');
    let tokens: ReturnType<typeof theme.useToken>['token'] | undefined;
    function Probe() {
      tokens = theme.useToken().token;
      return null;
    }
    renderInAntd('en', <Probe />);
    expect(tokens?.colorPrimary).toBe('#2e7d32');
    expect(tokens?.colorBgBase).toBe('#fff');
    cleanup();

    localStorage.setItem('ui_settings', JSON.stringify({ sidenavColor: 'primary', customColor: '#2e7d32', sidenavType: 'dark', fixedNavbar: true, darkMode: true }));
    renderInAntd('en', <Probe />);
    expect(tokens?.colorBgBase).toBe('#000');
  });

  it('keeps the same theme while nothing in it changes (antd computes its tokens again for a new one)', async () => {
    await initI18n('en');
    const seen = new Set<unknown>();
    function Probe({ count }: { count: number }) {
      seen.add(useContext(ConfigProvider.ConfigContext).theme);
      return <span>{count}</span>;
    }
    const view = renderInAntd('en', <Probe count={1} />);
    installMatchMedia(1366);
    const store = makeStore({ lang_dir: langDirFor('en') });
    for (const count of [2, 3])
      view.rerender(
        <Provider store={store}>
          <SettingsProvider>
            <AntdProvider>
              <Probe count={count} />
            </AntdProvider>
          </SettingsProvider>
        </Provider>,
      );
    expect(view.container.textContent).toBe('3');
    expect(seen.size).toBe(1);
  });
});
