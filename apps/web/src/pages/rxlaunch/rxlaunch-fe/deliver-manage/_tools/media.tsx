import { Form, Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { AD_MEDIUM_CODES, adMediumOf } from '@rx/contracts/dimensions';
import { choiceSearch, type SearchField } from '@/shared/crud/index.ts';

type Translate = (key: string) => string;

/** A medium's name as the menu shows it (its group's name for a code no medium has). */
export const mediumName = (t: Translate, code: string) =>
  t(`menu:${adMediumOf(code)?.titleKey ?? 'group.adPlacement'}`);

/** The search field of a list's medium (`media`), any of the console's media. */
export function mediumSearch(t: Translate): SearchField {
  return choiceSearch(
    'media',
    t('columns.media'),
    140,
    AD_MEDIUM_CODES.map((code) => [code, mediumName(t, code)]),
  );
}

/**
 * A form's required medium field (`media`), labelled by the page's `columns.media`, offering `codes`
 * (every medium unless told); the select takes the rest (one or several, what a change clears).
 */
export function MediumField({
  id,
  label,
  codes = AD_MEDIUM_CODES,
  ...select
}: SelectProps & { id: string; label: string; codes?: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="media" htmlFor={id} label={label} required>
      <Select
        id={id}
        options={codes.map((code) => ({ value: code, label: mediumName(t, code) }))}
        {...select}
      />
    </Form.Item>
  );
}
