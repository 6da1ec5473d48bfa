import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@rx/contracts/languages';
import { useLocale } from '../../shared/i18n.ts';
import { changeLanguage } from '../session.ts';

const options = LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }));

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = useLocale((state) => state.language);
  return (
    <Select<Language>
      aria-label={t('language')}
      value={language}
      options={options}
      onChange={(lang) => void changeLanguage(lang)}
      popupMatchSelectWidth={false}
      style={{ minWidth: 150 }}
    />
  );
}
