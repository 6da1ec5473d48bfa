import { Button, Divider, Drawer, Segmented, Switch } from 'antd';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import { useTranslation } from 'react-i18next';
import { THEME_NAMES, type LayoutMode, type ThemeName } from '@/shared/settings.ts';
import { useLocale } from '@/shared/i18n.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { useSettings } from '../../settings/store.ts';
import { useLayoutUi } from '../ui-store.ts';
import { isNumberSetting, SETTING_SECTIONS } from './fields.ts';
import { NumberSetting } from './NumberSetting.tsx';

const LAYOUT_MODES: LayoutMode[] = ['left', 'top', 'left-top'];

/** Every layout setting, applied live and saved as it changes, with a reset to the defaults. */
export default function SettingsDrawer() {
  const { t } = useTranslation('layout');
  const message = useMessage();
  const open = useLayoutUi((state) => state.settingsOpen);
  const setOpen = useLayoutUi((state) => state.setSettingsOpen);
  const direction = useLocale((state) => state.direction);
  const { settings, theme, set, setTheme, reset } = useSettings();

  const restore = () => {
    reset();
    void message.success(t('settings.resetDone'));
  };

  return (
    <Drawer
      open={open}
      onClose={() => setOpen(false)}
      placement={direction === 'rtl' ? 'left' : 'right'}
      size={360}
      title={t('settings.title')}
      className="rx-settings"
      footer={
        <Button block icon={<UndoOutlined aria-hidden />} onClick={restore} className="rx-settings__reset">
          {t('settings.reset')}
        </Button>
      }
    >
      <p className="rx-settings__hint">{t('settings.hint')}</p>
      <Divider titlePlacement="start">{t('settings.layoutMode')}</Divider>
      <Segmented<LayoutMode>
        block
        aria-label={t('settings.layoutMode')}
        value={settings.layoutMode}
        onChange={(mode) => set('layoutMode', mode)}
        options={LAYOUT_MODES.map((mode) => ({
          value: mode,
          label: <span data-value={mode}>{t(`settings.mode.${mode}`)}</span>,
        }))}
      />
      <Divider titlePlacement="start">{t('settings.theme')}</Divider>
      <Segmented<ThemeName>
        block
        aria-label={t('settings.theme')}
        value={theme}
        onChange={setTheme}
        options={THEME_NAMES.map((name) => ({
          value: name,
          label: <span data-value={name}>{t(`theme.${name}`)}</span>,
        }))}
      />
      {SETTING_SECTIONS.map((section) => (
        <section key={section.title} aria-label={t(section.title)}>
          <Divider titlePlacement="start">{t(section.title)}</Divider>
          {section.keys.map((key) =>
            isNumberSetting(key) ? (
              <NumberSetting key={key} name={key} />
            ) : (
              <div key={key} className="rx-settings__row">
                <label htmlFor={`setting-${key}`}>{t(`settings.${key}`)}</label>
                <Switch id={`setting-${key}`} checked={settings[key]} onChange={(on) => set(key, on)} />
              </div>
            ),
          )}
        </section>
      ))}
    </Drawer>
  );
}
