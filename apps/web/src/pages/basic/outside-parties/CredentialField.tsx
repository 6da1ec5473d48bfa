import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Form, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A new random secret, as the game team's copy of the signing secret. */
function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * A sealed credential: whether it is set (never its value), a field to replace it, and a box to
 * clear it. The game server's signing secret can be generated here, shown once to hand to the game team.
 */
export function CredentialField({
  party,
  name,
  set,
  canEdit,
}: {
  party: string;
  name: string;
  set: boolean;
  canEdit: boolean;
}) {
  const { t } = useTranslation('outside');
  const form = Form.useFormInstance();
  const [generated, setGenerated] = useState<string | null>(null);
  const label = t(`credentials.${name}`);
  const multiline = name === 'service_account';
  const generate = () => {
    const secret = randomSecret();
    form.setFieldValue(['credentials', name], secret);
    form.setFieldValue(['clear', name], false);
    setGenerated(secret);
  };
  return (
    <Form.Item
      label={
        <Flex gap={8} align="center">
          {label}
          <Tag color={set ? 'success' : 'default'} data-testid={`credential-${party}-${name}`}>
            {t(set ? 'credential.set' : 'credential.unset')}
          </Tag>
        </Flex>
      }
      extra={t(`credentialsHint.${name}`)}
    >
      <Flex vertical gap={8}>
        <Form.Item name={['credentials', name]} noStyle>
          {multiline ? (
            <Input.TextArea
              dir="ltr"
              rows={3}
              autoComplete="off"
              placeholder={t(set ? 'credential.replace' : 'credential.enter')}
              aria-label={label}
            />
          ) : (
            <Input.Password
              dir="ltr"
              autoComplete="new-password"
              placeholder={t(set ? 'credential.replace' : 'credential.enter')}
              aria-label={label}
            />
          )}
        </Form.Item>
        {canEdit && (
          <Flex gap={12} align="center" wrap>
            {set && (
              <Form.Item name={['clear', name]} valuePropName="checked" noStyle>
                <Checkbox>{t('credential.clear')}</Checkbox>
              </Form.Item>
            )}
            {name === 'signing_secret' && <Button onClick={generate}>{t('credential.generate')}</Button>}
          </Flex>
        )}
        {generated && (
          <Alert
            type="info"
            showIcon
            title={t('credential.generated')}
            description={
              <Typography.Text code copyable dir="ltr">
                {generated}
              </Typography.Text>
            }
          />
        )}
      </Flex>
    </Form.Item>
  );
}
