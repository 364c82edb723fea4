/**
 * The settings drawer (docs/product.md §6.2, 360px wide): sidebar colour and type, fixed navbar, dark
 * mode, and the documentation link (the user guide the app serves, in the interface language) and the
 * share link (the current truck's public page; there is no star link: the project has no public
 * repository to star). Loaded on first open, so its colour picker weighs nothing until then. The
 * sidebar-type buttons are disabled below 1200px (docs/product.md §6.4).
 */
import { BookOutlined, CloseOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Divider, Drawer, Switch } from 'antd';
import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery, WIDE_QUERY } from '../../ui/use-media-query';
import { usePublicPagePath } from '../current-truck';
import { useAppSelector } from '../hooks';
import { sharePublicPage, userGuideUrl } from './project-links';
import { SIDENAV_COLORS, SIDENAV_TYPES } from './settings';
import { useSettings } from './settings-context';
import { SIDENAV_COLOR_VALUES } from './sidenav-style';

export const SETTINGS_DRAWER_WIDTH = 360;

const PRESET_COLORS = SIDENAV_COLORS.filter((c) => c !== 'custom');

export default function SettingsDrawer() {
  const { t } = useTranslation();
  const { settings, dispatch } = useSettings();
  const { dir, lang } = useAppSelector((s) => s.lang_dir);
  const publicPath = usePublicPagePath();
  const wide = useMediaQuery(WIDE_QUERY);
  const ids = { color: useId(), type: useId(), typeHint: useId(), fixed: useId(), dark: useId(), share: useId() };

  return (
    <Drawer
      open={settings.openConfigurator}
      onClose={() => dispatch({ type: 'openConfigurator', value: false })}
      placement={dir === 'rtl' ? 'left' : 'right'}
      size={SETTINGS_DRAWER_WIDTH}
      title={t('shell:settings.title')}
      closable={{ 'aria-label': t('shell:settings.close'), closeIcon: <CloseOutlined aria-hidden /> }}
      rootClassName="td-settings"
      data-testid="settings-drawer"
    >
      <p className="td-settings__description">{t('shell:settings.description')}</p>

      <h2 className="td-settings__heading" id={ids.color}>
        {t('shell:settings.sidenavColor')}
      </h2>
      <div className="td-swatches" role="group" aria-labelledby={ids.color}>
        {PRESET_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            className="td-swatch"
            style={{ background: SIDENAV_COLOR_VALUES[color] }}
            aria-label={t(`shell:settings.colors.${color}`)}
            aria-pressed={settings.sidenavColor === color}
            onClick={() => dispatch({ type: 'sidenavColor', value: color })}
            data-testid={`sidenav-color-${color}`}
          />
        ))}
        <ColorPicker
          value={settings.customColor}
          disabledAlpha
          onChangeComplete={(color) => dispatch({ type: 'customColor', value: color.toHexString() })}
        >
          <button
            type="button"
            className="td-swatch td-swatch--custom"
            style={{ '--td-custom-color': settings.customColor } as CSSProperties}
            aria-label={t('shell:settings.colors.custom')}
            aria-pressed={settings.sidenavColor === 'custom'}
            data-testid="sidenav-color-custom"
          />
        </ColorPicker>
      </div>

      <h2 className="td-settings__heading" id={ids.type}>
        {t('shell:settings.sidenavType')}
      </h2>
      <p className="td-settings__hint" id={ids.typeHint}>
        {t(wide ? 'shell:settings.sidenavTypeHint' : 'shell:settings.sidenavTypeNarrow')}
      </p>
      <div className="td-settings__types" role="group" aria-labelledby={ids.type} aria-describedby={ids.typeHint}>
        {SIDENAV_TYPES.map((type) => (
          <Button
            key={type}
            type={settings.sidenavType === type ? 'primary' : 'default'}
            aria-pressed={settings.sidenavType === type}
            disabled={!wide}
            onClick={() => dispatch({ type: 'sidenavType', value: type })}
            data-testid={`sidenav-type-${type}`}
          >
            {t(`shell:settings.types.${type}`)}
          </Button>
        ))}
      </div>

      <div className="td-settings__row">
        <label htmlFor={ids.fixed}>{t('shell:settings.fixedNavbar')}</label>
        <Switch id={ids.fixed} checked={settings.fixedNavbar} onChange={(value) => dispatch({ type: 'fixedNavbar', value })} />
      </div>
      <div className="td-settings__row">
        <label htmlFor={ids.dark}>{t('shell:settings.darkMode')}</label>
        <Switch
          id={ids.dark}
          checked={settings.darkMode}
          onChange={(value) => dispatch({ type: 'darkMode', value })}
          data-testid="dark-mode-switch"
        />
      </div>

      <Divider />
      <div className="td-settings__links">
        <Button block type="primary" icon={<BookOutlined aria-hidden />} href={userGuideUrl(lang)} target="_blank" rel="noopener">
          {t('shell:settings.documentation')}
        </Button>
        <Button
          block
          icon={<ShareAltOutlined aria-hidden />}
          disabled={!publicPath}
          aria-describedby={publicPath ? undefined : ids.share}
          onClick={() => publicPath && void sharePublicPage(publicPath)}
          data-testid="share-button"
        >
          {t('shell:settings.share')}
        </Button>
        {!publicPath && (
          <p className="td-settings__hint" id={ids.share}>
            {t('shell:settings.shareUnavailable')}
          </p>
        )}
      </div>
    </Drawer>
  );
}
