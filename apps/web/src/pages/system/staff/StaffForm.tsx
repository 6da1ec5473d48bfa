import { Button, Checkbox, Form, Input, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES } from '@rx/contracts/languages';
import { rolesResource, type Role } from '@rx/contracts/system-admin';
import { resourceKey, type ListAnswer } from '@/shared/crud/index.ts';
import { http } from '@/shared/http.ts';
import { generatePassword } from './password.ts';

/** The CP's roles as options (disabled roles say so: they grant nothing). */
export function useRoleOptions() {
  const { t } = useTranslation('system');
  const roles = useQuery({
    queryKey: resourceKey(rolesResource.name, 'options'),
    queryFn: ({ signal }) =>
      http.get<ListAnswer<Role>>(`/${rolesResource.name}`, { page_size: 100, sort: 'id' }, { signal }),
  });
  return (roles.data?.list ?? []).map((role) => ({
    value: role.id,
    label: `${role.name} (${role.identifier})${role.disabled ? ` · ${t('crud:status.disabled')}` : ''}`,
  }));
}

/** An initial password field with a "generate" button; the staff member changes it at first sign-in. */
export function PasswordField({ name = 'password' }: { name?: string }) {
  const { t } = useTranslation('system');
  const form = Form.useFormInstance();
  return (
    <Form.Item label={t('staff.initialPassword')} required extra={t('staff.passwordHint')}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={name} noStyle>
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Button onClick={() => form.setFieldValue(name, generatePassword())}>{t('staff.generate')}</Button>
      </Space.Compact>
    </Form.Item>
  );
}

/** The fields of a staff member; the username and password only when creating. */
export function StaffForm({ creating }: { creating: boolean }) {
  const { t } = useTranslation('system');
  const roles = useRoleOptions();
  return (
    <>
      <Form.Item name="username" label={t('staff.username')} required={creating}>
        <Input maxLength={64} disabled={!creating} autoComplete="off" />
      </Form.Item>
      {creating && <PasswordField />}
      <Form.Item name="role_ids" label={t('staff.roles')} extra={t('staff.rolesHint')}>
        <Select mode="multiple" allowClear options={roles} optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="default_lang" label={t('staff.language')}>
        <Select options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))} />
      </Form.Item>
      <Form.Item
        name="usertype"
        valuePropName="checked"
        getValueProps={(value: number | null) => ({ checked: value === 1 })}
        normalize={(checked: boolean) => (checked ? 1 : null)}
        extra={t('staff.developerHint')}
      >
        <Checkbox>{t('staff.developer')}</Checkbox>
      </Form.Item>
    </>
  );
}
