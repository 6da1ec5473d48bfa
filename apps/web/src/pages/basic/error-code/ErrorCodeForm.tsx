import { AutoComplete, Flex, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLIENT_ACTIONS } from '@rx/contracts/error-codes';
import { LANGUAGE_NAMES } from '@rx/contracts/languages';
import { MultilangInput, StatusField, enumOptions, type MultilangValue } from '@/shared/crud/index.ts';
import { placeholderList, placeholderProblems } from './error-code-helpers.ts';
import './error-codes.css';

interface TextsFieldProps {
  value?: MultilangValue;
  onChange?: (value: MultilangValue) => void;
  id?: string;
}

/**
 * The text per language, checked as the user types: a language whose `{placeholders}` differ from
 * the default text's is outlined and named with what it should hold.
 */
function TextsField({ value, onChange, id }: TextsFieldProps) {
  const { t } = useTranslation('errorCodes');
  const form = Form.useFormInstance();
  const defaultText = Form.useWatch<string | undefined>('default_text', form);
  const problems = placeholderProblems(defaultText, value);
  return (
    <div className="rx-texts-check" data-bad={problems.map((p) => p.lang).join(' ')}>
      <MultilangInput id={id} value={value} onChange={onChange} multiline optional maxLength={500} />
      {problems.map((p) => (
        <Typography.Text
          key={p.lang}
          type="danger"
          role="alert"
          data-testid={`placeholder-error-${p.lang}`}
          style={{ display: 'block', marginBlockStart: 4 }}
        >
          {t('placeholderMismatch', {
            language: LANGUAGE_NAMES[p.lang],
            expected: placeholderList(p.expected),
            found: placeholderList(p.found),
          })}
        </Typography.Text>
      ))}
    </div>
  );
}

/** The fields of an error code; the code is what the game receives and never changes. */
export function ErrorCodeForm({ editing, modules }: { editing: boolean; modules: string[] }) {
  const { t } = useTranslation('errorCodes');
  return (
    <>
      <Flex gap={16}>
        <Form.Item name="code" label={t('code')} required extra={t('codeHint')} style={{ flex: 1 }}>
          <Input disabled={editing} maxLength={64} />
        </Form.Item>
        <Form.Item name="module" label={t('module')} required style={{ flex: 1 }}>
          <AutoComplete options={modules.map((value) => ({ value }))} />
        </Form.Item>
      </Flex>
      <Form.Item name="default_text" label={t('defaultText')} required extra={t('defaultTextHint')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
      </Form.Item>
      <Form.Item name="texts" label={t('texts')} extra={t('textsHint')}>
        <TextsField />
      </Form.Item>
      <Flex gap={16}>
        <Form.Item name="action" label={t('action')} required style={{ flex: 1 }}>
          <Select options={enumOptions(t, CLIENT_ACTIONS, 'actions')} />
        </Form.Item>
        <StatusField extra={t('statusHint')} style={{ flex: 1 }} />
      </Flex>
    </>
  );
}
