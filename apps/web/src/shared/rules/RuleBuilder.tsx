import { Button, DatePicker, Input, InputNumber, Select, Space, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  isRuleGroup,
  RULE_MAX_DEPTH,
  TAG_FIELD_PREFIX,
  type RuleCondition,
  type RuleGroup,
  type RuleNode,
  type UserGroupFields,
} from '@rx/contracts/user-groups';
import { useRuleFields } from './fields.ts';
import './rule-builder.css';

type Tag = UserGroupFields['tags'][number];

/** A tag's operators by its type. */
const TAG_OPS: Record<Tag['type'], string[]> = {
  boolean: ['is_set', 'not_set', 'eq', 'ne'],
  enum: ['is_set', 'not_set', 'eq', 'ne', 'in'],
  number: ['is_set', 'not_set', 'eq', 'ne', 'gt', 'gte', 'lt', 'lte'],
  date: ['is_set', 'not_set', 'before', 'after'],
};
const NO_VALUE = new Set(['is_set', 'not_set']);

export const EMPTY_RULE: RuleGroup = { op: 'and', items: [{ field: 'channel', op: 'eq', value: '' }] };

interface BuilderProps {
  value?: RuleGroup | null;
  onChange?: (rule: RuleGroup) => void;
}

/**
 * The rule of a group: nested AND/OR groups of conditions; each condition picks a field (player,
 * role, event aggregate or profile tag), an operator the field's type allows, and a value input of
 * that type.
 */
export function RuleBuilder({ value, onChange }: BuilderProps) {
  const fields = useRuleFields();
  const rule = value ?? EMPTY_RULE;
  return (
    <div className="rule-builder" data-testid="rule-builder">
      <GroupEditor
        group={rule}
        depth={1}
        path="r"
        fields={fields.data}
        onChange={(next) => onChange?.(next as RuleGroup)}
      />
    </div>
  );
}

function GroupEditor({
  group,
  depth,
  path,
  fields,
  onChange,
  onRemove,
}: {
  group: RuleGroup;
  depth: number;
  path: string;
  fields: UserGroupFields | undefined;
  onChange: (group: RuleGroup) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('user-groups');
  const setItem = (i: number, item: RuleNode) =>
    onChange({ ...group, items: group.items.map((x, j) => (j === i ? item : x)) });
  const remove = (i: number) => onChange({ ...group, items: group.items.filter((_, j) => j !== i) });
  return (
    <div className="rule-group" role="group" aria-label={t('rule.group')}>
      <Space wrap size={6} className="rule-group-head">
        <Select
          aria-label={t('rule.combine')}
          data-testid={`${path}-op`}
          value={group.op}
          style={{ width: 150 }}
          onChange={(op) => onChange({ ...group, op })}
          options={[
            { value: 'and', label: t('rule.and') },
            { value: 'or', label: t('rule.or') },
          ]}
        />
        <Button
          size="small"
          icon={<PlusOutlined />}
          data-testid={`${path}-add`}
          onClick={() =>
            onChange({ ...group, items: [...group.items, { field: 'channel', op: 'eq', value: '' }] })
          }
        >
          {t('rule.addCondition')}
        </Button>
        {depth < RULE_MAX_DEPTH && (
          <Button
            size="small"
            icon={<PlusOutlined />}
            data-testid={`${path}-add-group`}
            onClick={() =>
              onChange({
                ...group,
                items: [...group.items, { op: 'and', items: [{ field: 'channel', op: 'eq', value: '' }] }],
              })
            }
          >
            {t('rule.addGroup')}
          </Button>
        )}
        {onRemove && (
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={onRemove}
            aria-label={t('rule.removeGroup')}
          />
        )}
      </Space>
      {group.items.length === 0 && <Typography.Text type="secondary">{t('rule.empty')}</Typography.Text>}
      {group.items.map((item, i) =>
        isRuleGroup(item) ? (
          <GroupEditor
            key={i}
            group={item}
            depth={depth + 1}
            path={`${path}-${i}`}
            fields={fields}
            onChange={(next) => setItem(i, next)}
            onRemove={() => remove(i)}
          />
        ) : (
          <ConditionEditor
            key={i}
            condition={item}
            path={`${path}-${i}`}
            fields={fields}
            onChange={(next) => setItem(i, next)}
            onRemove={() => remove(i)}
          />
        ),
      )}
    </div>
  );
}

function ConditionEditor({
  condition,
  path,
  fields,
  onChange,
  onRemove,
}: {
  condition: RuleCondition;
  path: string;
  fields: UserGroupFields | undefined;
  onChange: (c: RuleCondition) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('user-groups');
  const tag = condition.field.startsWith(TAG_FIELD_PREFIX)
    ? fields?.tags.find((x) => `${TAG_FIELD_PREFIX}${x.name}` === condition.field)
    : undefined;
  const fixed = fields?.fields.find((f) => f.field === condition.field);
  const ops = tag ? TAG_OPS[tag.type] : (fixed?.ops ?? [condition.op]);
  const type = tag ? `tag-${tag.type}` : (fixed?.type ?? 'text');
  const fieldOptions = [
    ...(fields?.fields ?? []).map((f) => ({ value: f.field, label: t(`fields.${f.field}`) })),
    ...(fields?.tags ?? []).map((x) => ({
      value: `${TAG_FIELD_PREFIX}${x.name}`,
      label: t('fields.tag', { name: x.label || x.name }),
    })),
  ];
  const pickField = (field: string) => {
    const nextTag = fields?.tags.find((x) => `${TAG_FIELD_PREFIX}${x.name}` === field);
    const nextFixed = fields?.fields.find((f) => f.field === field);
    const op = nextTag ? TAG_OPS[nextTag.type][0]! : (nextFixed?.ops[0] ?? 'eq');
    const base: RuleCondition = { field, op };
    if (nextFixed?.type === 'event' && field !== 'event.no_login') base.days = 30;
    onChange(withDefaultValue(base, nextFixed?.type, nextTag));
  };
  const pickOp = (op: string) =>
    onChange(withDefaultValue({ field: condition.field, op, days: condition.days }, fixed?.type, tag));
  return (
    <div className="rule-condition" data-testid={`${path}-condition`}>
      <Select
        showSearch
        optionFilterProp="label"
        aria-label={t('rule.field')}
        data-testid={`${path}-field`}
        className="rule-field"
        value={condition.field}
        onChange={pickField}
        options={fieldOptions}
        popupMatchSelectWidth={false}
      />
      <Select
        aria-label={t('rule.operator')}
        data-testid={`${path}-operator`}
        className="rule-op"
        value={condition.op}
        onChange={pickOp}
        options={ops.map((op) => ({ value: op, label: t(`ops.${op}`) }))}
        popupMatchSelectWidth={false}
      />
      {!NO_VALUE.has(condition.op) && (
        <ValueInput condition={condition} type={type} tag={tag} path={path} onChange={onChange} />
      )}
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('rule.removeCondition')}
        onClick={onRemove}
      />
    </div>
  );
}

function withDefaultValue(c: RuleCondition, type: string | undefined, tag: Tag | undefined): RuleCondition {
  const next: RuleCondition = { field: c.field, op: c.op, ...(c.days !== undefined ? { days: c.days } : {}) };
  if (NO_VALUE.has(c.op)) return next;
  if (tag) {
    if (tag.type === 'boolean') return { ...next, value: true };
    if (tag.type === 'enum') return { ...next, value: c.op === 'in' ? [] : (tag.options[0] ?? '') };
    if (tag.type === 'number') return { ...next, value: 0 };
    return { ...next, value: dayjs().startOf('day').toISOString() };
  }
  if (type === 'text') return { ...next, value: c.op === 'in' || c.op === 'not_in' ? [] : '' };
  if (type === 'date') {
    return {
      ...next,
      value: c.op === 'before' || c.op === 'after' ? dayjs().startOf('day').toISOString() : 30,
    };
  }
  if (type === 'event') return { ...next, value: c.field === 'event.no_login' ? 14 : 1 };
  return { ...next, value: 0 };
}

function ValueInput({
  condition: c,
  type,
  tag,
  path,
  onChange,
}: {
  condition: RuleCondition;
  type: string;
  tag: Tag | undefined;
  path: string;
  onChange: (c: RuleCondition) => void;
}) {
  const { t } = useTranslation('user-groups');
  const set = (value: RuleCondition['value']) => onChange({ ...c, value });
  const label = t('rule.value');
  const testId = `${path}-value`;
  const number = (suffix?: string) => (
    <InputNumber
      aria-label={label}
      data-testid={testId}
      className="rule-value"
      value={typeof c.value === 'number' ? c.value : null}
      onChange={(v) => set(typeof v === 'number' ? v : 0)}
      addonAfter={suffix}
    />
  );
  const date = (
    <DatePicker
      showTime
      aria-label={label}
      data-testid={testId}
      className="rule-value"
      value={typeof c.value === 'string' && c.value ? dayjs(c.value) : null}
      onChange={(d) => set(d ? d.toISOString() : '')}
    />
  );
  if (type === 'text') {
    return c.op === 'in' || c.op === 'not_in' ? (
      <Select
        mode="tags"
        aria-label={label}
        data-testid={testId}
        className="rule-value"
        value={Array.isArray(c.value) ? (c.value as string[]) : []}
        onChange={(v: string[]) => set(v)}
        tokenSeparators={[',', '，']}
      />
    ) : (
      <Input
        aria-label={label}
        data-testid={testId}
        className="rule-value"
        value={typeof c.value === 'string' ? c.value : ''}
        onChange={(e) => set(e.target.value)}
        maxLength={128}
      />
    );
  }
  if (type === 'number') return number();
  if (type === 'date') return c.op === 'before' || c.op === 'after' ? date : number(t('rule.days'));
  if (type === 'event') {
    if (c.field === 'event.no_login') return number(t('rule.days'));
    return (
      <Space.Compact className="rule-value">
        {number(c.field === 'event.paid' ? t('rule.minor') : t('rule.times'))}
        <InputNumber
          aria-label={t('rule.window')}
          data-testid={`${path}-days`}
          min={1}
          max={3650}
          value={c.days ?? 30}
          onChange={(v) => onChange({ ...c, days: typeof v === 'number' ? v : 30 })}
          addonBefore={t('rule.lastDays')}
          addonAfter={t('rule.days')}
        />
      </Space.Compact>
    );
  }
  if (type === 'tag-boolean') {
    return (
      <Select
        aria-label={label}
        data-testid={testId}
        className="rule-value"
        value={c.value === false ? 'false' : 'true'}
        onChange={(v) => set(v === 'true')}
        options={[
          { value: 'true', label: t('rule.yes') },
          { value: 'false', label: t('rule.no') },
        ]}
      />
    );
  }
  if (type === 'tag-enum') {
    return (
      <Select
        mode={c.op === 'in' ? 'multiple' : undefined}
        aria-label={label}
        data-testid={testId}
        className="rule-value"
        value={c.value as string | string[]}
        onChange={(v: string | string[]) => set(v)}
        options={(tag?.options ?? []).map((o) => ({ value: o, label: o }))}
      />
    );
  }
  if (type === 'tag-date') return date;
  return number();
}
