import { useMemo } from 'react';
import { Form, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  TEST_ACCOUNT_KINDS,
  testAccountsResource,
  type TestAccount,
  type TestAccountCreate,
} from '@rx/contracts/testing';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';

const NEW_ACCOUNT: Partial<TestAccountCreate> = {
  kind: 'openid',
  value: '',
};

/** Test accounts: openids and devices the game's version check answers no maintenance. */
export function AccountsTab() {
  const { t } = useTranslation('testing');
  const columns = useMemo<ColumnsType<TestAccount>>(
    () => [
      crud.enumColumn<TestAccount>(
        t,
        { title: t('accountKind'), dataIndex: 'kind', width: 120, sorter: true },
        'kinds',
      ),
      { title: t('accountValue'), dataIndex: 'value', width: 240, sorter: true, ellipsis: true },
      { title: t('note'), dataIndex: 'note', width: 200, ellipsis: true },
      crud.updatedAtColumn<TestAccount>(t),
    ],
    [t],
  );
  return (
    <ResourceListPage<TestAccount>
      resource={testAccountsResource}
      title={t('tabs.accounts')}
      columns={columns}
      search={[crud.enumSearch(t, 'kind', t('accountKind'), TEST_ACCOUNT_KINDS, 'kinds')]}
      newFields={NEW_ACCOUNT}
      nameOf={(row) => row.value}
      formTitle={{ create: t('createAccount'), edit: t('editAccount') }}
      form={() => (
        <>
          <Form.Item name="kind" label={t('accountKind')} required>
            <Select options={crud.enumOptions(t, TEST_ACCOUNT_KINDS, 'kinds')} />
          </Form.Item>
          <Form.Item name="value" label={t('accountValue')} required extra={t('accountHint')}>
            <Input maxLength={128} />
          </Form.Item>
          <Form.Item name="note" label={t('note')}>
            <Input maxLength={200} />
          </Form.Item>
        </>
      )}
    />
  );
}
