import { Flex, Form, Input, Tag, Tooltip } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
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
  /**
   * The field's name, put before the language in each box's accessible name ("更新内容 · 简体中文").
   * Without it, the text of the form item's label is used.
   */
  label?: string;
}

/** Languages without a text (players see the CP's default language instead). */
export function missingLanguages(value: MultilangValue | undefined): Language[] {
  return LANGUAGES.filter((lang) => !value?.[lang]?.trim());
}

/**
 * The text of the label of the form item holding `element`, or failing that of the label the form
 * gives the field `id` (antd's `<label for={id}>`); '' without either.
 */
function formItemLabel(element: HTMLElement | null, id: string | undefined): string {
  if (!element) return '';
  const item = element.closest('.ant-form-item')?.querySelector(':scope > * > .ant-form-item-label label');
  const scope = element.closest('form') ?? element.ownerDocument;
  const label = item ?? (id ? scope.querySelector(`label[for="${CSS.escape(id)}"]`) : null);
  if (!label) return '';
  // A string label is its title; otherwise its text without the "(optional)" mark and tooltip.
  const title = label.getAttribute('title')?.trim();
  if (title) return title;
  const copy = label.cloneNode(true) as Element;
  copy.querySelectorAll('.ant-form-item-optional, .ant-form-item-tooltip').forEach((node) => node.remove());
  return copy.textContent?.trim() ?? '';
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
  label,
}: MultilangInputProps) {
  const { t, i18n } = useTranslation('crud');
  const group = useRef<HTMLDivElement>(null);
  // The form item's label is rendered beside this control, not passed to it: read once it is on
  // the page, and again when the interface language (so the label's text) changes.
  const [itemLabel, setItemLabel] = useState('');
  useLayoutEffect(() => {
    if (label === undefined) setItemLabel(formItemLabel(group.current, id));
  }, [label, id, i18n.language]);
  const field = label ?? itemLabel;
  const boxName = (lang: Language) =>
    field ? t('multilang.fieldLanguage', { field, language: LANGUAGE_NAMES[lang] }) : LANGUAGE_NAMES[lang];
  const form = Form.useFormInstance();
  const marked = markedLanguages(form, id);
  const missing = new Set(missingLanguages(value));
  const Field = multiline ? Input.TextArea : Input;
  const cpLang = useCpLanguage();
  const required = (lang: Language) => lang === cpLang && !optional;
  const languages = [cpLang, ...LANGUAGES.filter((lang) => lang !== cpLang)];
  return (
    <Flex vertical gap={6} id={id} role="group" ref={group} aria-label={field || undefined}>
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
              aria-label={boxName(lang)}
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
