import { Avatar, Form, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@rx/contracts/languages';
import { missingLanguages, type MultilangValue } from './MultilangInput.tsx';
import { textIn } from './ref-names.ts';
import type { SearchField } from './SearchForm.tsx';

type Translate = (key: string) => string;

/** The two states of a catalogue row (`recordStatus`). */
const STATUSES = ['active', 'disabled'] as const;

/** A text for every language, all empty: the start of a create form's multilingual field. */
export function emptyText(): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, ''])) as Record<Language, string>;
}

/** Select options of an enum, each labelled by its translation `<group>.<value>`. */
export function enumOptions(t: Translate, values: readonly string[], group: string) {
  return values.map((value) => ({ value, label: t(`${group}.${value}`) }));
}

/** A search field picking one value of an enum. */
export function enumSearch(
  t: Translate,
  name: string,
  label: ReactNode,
  values: readonly string[],
  group: string,
): SearchField {
  return { name, label, kind: 'select', options: enumOptions(t, values, group) };
}

/** The search field of a catalogue row's `status` (active or disabled). */
export function statusSearch(t: Translate): SearchField {
  return enumSearch(t, 'status', t('crud:field.status'), STATUSES, 'crud:status');
}

/** A form's `status` field: active or disabled (`style`: its place in a row of fields). */
export function StatusField({ extra, style }: { extra?: ReactNode; style?: CSSProperties }) {
  const { t } = useTranslation('crud');
  return (
    <Form.Item name="status" label={t('field.status')} extra={extra} style={style}>
      <Select options={enumOptions(t, STATUSES, 'status')} />
    </Form.Item>
  );
}

/** A form's on/off field (a switch named `id`, which its label points at). */
export function SwitchField({
  name,
  id,
  label,
  extra,
}: {
  name: string;
  id: string;
  label: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Form.Item name={name} htmlFor={id} label={label} extra={extra} valuePropName="checked">
      <Switch id={id} />
    </Form.Item>
  );
}

/** A column of an enum, each value shown by its translation `<group>.<value>`. */
export function enumColumn<T>(
  t: Translate,
  column: ColumnType<T> & { dataIndex: string },
  group: string,
): ColumnType<T> {
  return { ...column, render: (v: string) => t(`${group}.${v}`) };
}

/** A column of free tags. */
export function tagsColumn<T>(title: ReactNode, dataIndex: string, width: number): ColumnType<T> {
  return {
    title,
    dataIndex,
    width,
    render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
  };
}

/** An icon column: the image, or the first letter of the row's name while it has none. */
export function iconColumn<T>(title: ReactNode, width: number, nameOf: (row: T) => string): ColumnType<T> {
  return {
    title,
    dataIndex: 'icon_url',
    width,
    render: (url: string, row) => (
      <Avatar shape="square" src={url || undefined} alt={nameOf(row)}>
        {nameOf(row).slice(0, 1)}
      </Avatar>
    ),
  };
}

/** How many languages still lack a translation, naming them on hover; nothing when none does. */
export function MissingLanguagesTag({ value }: { value: MultilangValue }) {
  const { t } = useTranslation('crud');
  const missing = missingLanguages(value);
  if (missing.length === 0) return null;
  return (
    <Tooltip title={missing.join(', ')}>
      <Tag color="warning">{t('multilang.missingCount', { count: missing.length })}</Tag>
    </Tooltip>
  );
}

/** A text in the interface language, with its missing-translations tag. */
export function MultilangText({ value, lang }: { value: MultilangValue; lang: Language }) {
  return (
    <Space size={4}>
      {textIn(value, lang)}
      <MissingLanguagesTag value={value} />
    </Space>
  );
}

/** A multilingual name column (sorted by `key`), with the missing-translations tag. */
export function nameColumn<T>(
  column: ColumnType<T> & { key: string },
  text: (row: T) => MultilangValue,
  lang: Language,
): ColumnType<T> {
  return { ...column, render: (_, row) => <MultilangText value={text(row)} lang={lang} /> };
}

/** A column of a long text cut to the column's width, whole in a tooltip. */
export function ellipsisColumn<T>(
  column: ColumnType<T> & { width: number },
  text: (row: T) => string,
): ColumnType<T> {
  return {
    ...column,
    render: (_, row) => (
      <Typography.Text ellipsis={{ tooltip: text(row) }} style={{ maxWidth: column.width - 20 }}>
        {text(row)}
      </Typography.Text>
    ),
  };
}

/** A search field picking one of a few fixed choices (`[value, label]`, in the order shown). */
export function choiceSearch(
  name: string,
  label: ReactNode,
  width: number,
  choices: [value: string, label: ReactNode][],
): SearchField {
  return {
    name,
    label,
    kind: 'select',
    width,
    options: choices.map(([value, text]) => ({ value, label: text })),
  };
}

/** The search field of an `enabled` flag (`enabled=1|0`). */
export function enabledSearch(t: Translate): SearchField {
  return choiceSearch('enabled', t('crud:field.status'), 120, [
    ['1', t('crud:status.active')],
    ['0', t('crud:status.disabled')],
  ]);
}

/** The search field of a channel: all channels (`0`, rows for every channel) or one of the game's. */
export function channelSearch(t: Translate, channels: { id: number; name: string }[]): SearchField {
  return {
    name: 'channel_id',
    label: t('channel'),
    kind: 'select',
    options: [
      { value: '0', label: t('allChannels') },
      ...channels.map((c) => ({ value: String(c.id), label: c.name })),
    ],
  };
}

/** A search field picking one of the nine languages, each by its own name. */
export function languageSearch(name: string, label: ReactNode): SearchField {
  return {
    name,
    label,
    kind: 'select',
    options: LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] })),
  };
}
