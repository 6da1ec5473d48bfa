import { Button, Dropdown, type MenuProps } from 'antd';
import TranslationOutlined from '@ant-design/icons/TranslationOutlined';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@rx/contracts/languages';
import { useLocale } from '@/shared/i18n.ts';
import { changeLanguage } from '../session.ts';
import { useEndPlacement } from './ui-store.ts';

const items = LANGUAGES.map((code) => ({ key: code, label: LANGUAGE_NAMES[code], lang: code }));

/** Switches the interface language; a menu rather than a select keeps the select out of the shell's bundle. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const placement = useEndPlacement();
  const language = useLocale((state) => state.language);
  const menu: MenuProps = {
    items,
    selectable: true,
    selectedKeys: [language],
    onClick: ({ key }) => void changeLanguage(key as Language),
  };
  return (
    <Dropdown menu={menu} trigger={['click']} placement={placement}>
      <Button
        type="text"
        className="rx-header__language"
        icon={<TranslationOutlined aria-hidden />}
        aria-label={t('language')}
      >
        <span className="rx-header__language-name">{LANGUAGE_NAMES[language]}</span>
      </Button>
    </Dropdown>
  );
}
