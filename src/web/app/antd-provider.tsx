/**
 * Ant Design for the screens that use it: direction and locale from `lang_dir` (so antd's
 * form-validation messages come in Arabic), the brand tokens, and the dark algorithm when the
 * settings ask for it. Kept out of the entry chunk: the layouts and lazily opened pop-ups that use
 * antd wrap themselves in it.
 */
import { ConfigProvider, theme, type ThemeConfig } from 'antd';
import arEG from 'antd/es/locale/ar_EG';
import enUS from 'antd/es/locale/en_US';
import { useMemo, type ReactNode } from 'react';
import { useAppSelector } from './hooks';
import { useSettings } from './shell/settings-context';
import { BRAND, FONT_STACK } from '../ui/brand';

export function AntdProvider({ children }: { children: ReactNode }) {
  const { lang, dir } = useAppSelector((s) => s.lang_dir);
  const { darkMode } = useSettings().settings;
  // The same theme object while nothing in it changes: antd keys its computed tokens by the
  // object (a new one is serialized and hashed again, ~10 ms on a phone, at every render).
  const themeConfig = useMemo(() => antdTheme(dir, darkMode), [dir, darkMode]);
  return (
    <ConfigProvider direction={dir} locale={lang === 'ar' ? arEG : enUS} theme={themeConfig}>
      {children}
    </ConfigProvider>
  );
}

/**
 * Text colours of the light theme at 4.5:1 or more on what they sit on (WCAG 1.4.3); antd's own are
 * lighter: a danger button's red (#ff4d4f) is 3.3:1 on white and a warning tag's amber (#faad14)
 * 1.8:1 on its pale yellow. The backgrounds are set too: the ones antd derives from a darker amber,
 * and from the brand green for the "processing" tag, come out grey (#d4d0be, #b3bdb1), which the
 * text reads 3.4:1 and 2.6:1 on. The dark theme's colours are light ones, kept.
 */
const LIGHT_CONTRAST = {
  colorError: '#cf1322',
  colorWarning: '#946200',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorInfoBg: '#e8f5e9',
} as const;

function antdTheme(dir: 'ltr' | 'rtl', darkMode: boolean): ThemeConfig {
  return {
    // Components build no styles as they render: their stylesheets are made at build time
    // (scripts/build/antd-styles.ts) and come with the code that shows them. The theme's and the
    // components' tokens are still set here, as CSS variables, so dark mode keeps working.
    zeroRuntime: true,
    hashed: false,
    algorithm: darkMode ? theme.darkAlgorithm : theme.defaultAlgorithm,
    // Hints under fields at 4.5:1 or more (antd's 45% grey is 2.9:1 on white).
    token: {
      colorPrimary: BRAND.primary,
      colorLink: BRAND.primary,
      colorInfo: BRAND.primary,
      fontFamily: FONT_STACK[dir],
      colorTextDescription: darkMode ? 'rgba(255, 255, 255, 0.65)' : 'rgba(0, 0, 0, 0.65)',
      ...(darkMode ? {} : LIGHT_CONTRAST),
    },
    components: { Menu: { darkItemHoverColor: BRAND.lime }, Layout: { headerPadding: '0 16px' } },
  };
}
