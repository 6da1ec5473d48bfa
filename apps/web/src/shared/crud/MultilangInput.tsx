import { Flex, Form, Input, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, RTL_LANGUAGES, type Language } from '@rx/contracts/languages';
import { useCpLanguage } from '../cp-language.ts';
import { markedLanguages } from './zod-form.ts';

export type MultilangValue = Partial<Record<Language, string>>;

interface MultilangInputProps {
  value?: MultilangValue;
  onChange?: (value: MultilangValue) => void;
  /** A textarea per language instead of a line. */
  multiline?: boolean;
  maxLength?: number;
  disabled?: boolean;
  /** Every language may stay empty, the CP's own too (the schema's `optionalI18nText`). */
  optional?: boolean;
  id?: string;
}

/** Languages without a text (players see the CP's default language instead). */
export function missingLanguages(value: MultilangValue | undefined): Language[] {
  return LANGUAGES.filter((lang) => !value?.[lang]?.trim());
}

/**
 * One text per interface language, the CP's default language first and required unless `optional`
 * (an overseas CP need not write Chinese); the missing ones are
 * marked so a translator sees at a glance what is left. A form control (value/onChange) for antd
 * Form.Item. An error on one language (`texts.ja`) outlines that language only.
 */
export function MultilangInput({
  value = {},
  onChange,
  multiline,
  maxLength,
  disabled,
  optional,
  id,
}: MultilangInputProps) {
  const { t } = useTranslation('crud');
  const form = Form.useFormInstance();
  const marked = markedLanguages(form, id);
  const missing = new Set(missingLanguages(value));
  const Field = multiline ? Input.TextArea : Input;
  const cpLang = useCpLanguage();
  const required = (lang: Language) => lang === cpLang && !optional;
  const languages = [cpLang, ...LANGUAGES.filter((lang) => lang !== cpLang)];
  return (
    <Flex vertical gap={6} id={id} role="group">
      {languages.map((lang) => (
        <Flex key={lang} gap={8} align={multiline ? 'start' : 'center'}>
          <Tooltip title={LANGUAGE_NAMES[lang]}>
            <Tag
              color={missing.has(lang) ? (required(lang) ? 'error' : 'warning') : 'default'}
              style={{ minWidth: 44, textAlign: 'center', marginInlineEnd: 0 }}
            >
              {lang}
            </Tag>
          </Tooltip>
          {/* With a language marked, each input shows its own state instead of the field's. */}
          <Form.Item noStyle validateStatus={marked.size ? (marked.has(lang) ? 'error' : '') : undefined}>
            <Field
              value={value[lang] ?? ''}
              dir={RTL_LANGUAGES.includes(lang) ? 'rtl' : undefined}
              aria-label={LANGUAGE_NAMES[lang]}
              aria-invalid={marked.has(lang) || undefined}
              data-lang={lang}
              placeholder={
                required(lang)
                  ? t('multilang.required')
                  : optional
                    ? t('multilang.optional')
                    : t('multilang.missingShown', { language: LANGUAGE_NAMES[cpLang] })
              }
              maxLength={maxLength}
              disabled={disabled}
              autoSize={multiline ? { minRows: 2, maxRows: 6 } : undefined}
              onChange={(event: { target: { value: string } }) =>
                onChange?.({ ...value, [lang]: event.target.value })
              }
            />
          </Form.Item>
        </Flex>
      ))}
    </Flex>
  );
}
