import { Alert, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { PermissionMatrix } from './PermissionMatrix.tsx';

/** The fields of a role; its holders' access follows a change at their next request. */
export function RoleForm({ holders }: { holders: number }) {
  const { t } = useTranslation('system');
  return (
    <>
      {holders > 0 && (
        <Alert
          type="info"
          showIcon
          title={t('role.holdersNotice', { count: holders })}
          style={{ marginBlockEnd: 16 }}
        />
      )}
      <Form.Item name="identifier" label={t('role.identifier')} required extra={t('role.identifierHint')}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="name" label={t('role.name')} required>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="disabled"
        label={t('role.disabled')}
        valuePropName="checked"
        extra={t('role.disabledHint')}
      >
        <Switch />
      </Form.Item>
      <Form.Item name="permissions" label={t('role.permissions')}>
        <PermissionMatrix />
      </Form.Item>
    </>
  );
}
