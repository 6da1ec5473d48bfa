import { Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VersionFieldType, VersionFieldValue } from '@rx/contracts/version-fields';

interface Props {
  type: VersionFieldType;
  id?: string;
  value?: VersionFieldValue;
  onChange?: (value: VersionFieldValue | undefined) => void;
  /** A version's value may be left out (the field's default is published): a switch offers "default". */
  optional?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * A version field's value, as its type asks: text or an address, a number, a switch, or JSON text
 * (the server parses it and checks it against the field's schema).
 */
export function FieldValueInput({ type, id, value, onChange, optional, placeholder, ...rest }: Props) {
  const { t } = useTranslation('versionFields');
  const label = rest['aria-label'];
  switch (type) {
    case 'number':
      return (
        <InputNumber
          id={id}
          aria-label={label}
          style={{ width: '100%' }}
          value={typeof value === 'number' ? value : null}
          placeholder={placeholder}
          onChange={(next) => onChange?.(next ?? undefined)}
        />
      );
    case 'switch':
      return optional ? (
        <Select
          id={id}
          aria-label={label}
          allowClear
          placeholder={placeholder}
          value={typeof value === 'boolean' ? String(value) : undefined}
          options={[
            { value: 'true', label: t('on') },
            { value: 'false', label: t('off') },
          ]}
          onChange={(next?: string) => onChange?.(next === undefined ? undefined : next === 'true')}
        />
      ) : (
        <Switch id={id} aria-label={label} checked={value === true} onChange={(next) => onChange?.(next)} />
      );
    case 'json':
      return (
        <Input.TextArea
          id={id}
          aria-label={label}
          style={{ fontFamily: 'monospace' }}
          value={typeof value === 'string' ? value : ''}
          placeholder={placeholder ?? '{ }'}
          maxLength={10_000}
          autoSize={{ minRows: 2, maxRows: 8 }}
          onChange={(e) => onChange?.(e.target.value === '' ? undefined : e.target.value)}
        />
      );
    default:
      return (
        <Input
          id={id}
          aria-label={label}
          value={typeof value === 'string' ? value : ''}
          placeholder={placeholder ?? (type === 'url' ? 'https://' : undefined)}
          maxLength={type === 'url' ? 500 : 1000}
          onChange={(e) => onChange?.(e.target.value === '' && optional ? undefined : e.target.value)}
        />
      );
  }
}
