import { Flex, Input, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, RTL_LANGUAGES, type Language } from '@rx/contracts/languages';

export type MultilangValue = Partial<Record<Language, string>>;

interface MultilangInputProps {
  value?: MultilangValue;
  onChange?: (value: MultilangValue) => void;
  /** A textarea per language instead of a line. */
  multiline?: boolean;
  maxLength?: number;
  disabled?: boolean;
  id?: string;
}

/** Languages without a text (they fall back to zh for players). */
export function missingLanguages(value: MultilangValue | undefined): Language[] {
  return LANGUAGES.filter((lang) => !value?.[lang]?.trim());
}

/**
 * One text per interface language, zh first and required; the missing ones are marked so a
 * translator sees at a glance what is left. A form control (value/onChange) for antd Form.Item.
 */
export function MultilangInput({
  value = {},
  onChange,
  multiline,
  maxLength,
  disabled,
  id,
}: MultilangInputProps) {
  const { t } = useTranslation('crud');
  const missing = new Set(missingLanguages(value));
  const Field = multiline ? Input.TextArea : Input;
  return (
    <Flex vertical gap={6} id={id} role="group">
      {LANGUAGES.map((lang) => (
        <Flex key={lang} gap={8} align={multiline ? 'start' : 'center'}>
          <Tooltip title={LANGUAGE_NAMES[lang]}>
            <Tag
              color={missing.has(lang) ? (lang === 'zh' ? 'error' : 'warning') : 'default'}
              style={{ minWidth: 44, textAlign: 'center', marginInlineEnd: 0 }}
            >
              {lang}
            </Tag>
          </Tooltip>
          <Field
            value={value[lang] ?? ''}
            dir={RTL_LANGUAGES.includes(lang) ? 'rtl' : undefined}
            aria-label={LANGUAGE_NAMES[lang]}
            data-lang={lang}
            placeholder={lang === 'zh' ? t('multilang.required') : t('multilang.missing')}
            maxLength={maxLength}
            disabled={disabled}
            autoSize={multiline ? { minRows: 2, maxRows: 6 } : undefined}
            onChange={(event: { target: { value: string } }) =>
              onChange?.({ ...value, [lang]: event.target.value })
            }
          />
        </Flex>
      ))}
    </Flex>
  );
}
