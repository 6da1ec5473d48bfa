import { useState } from 'react';
import { Alert, Card, Descriptions, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeBatchResource, type CodeLookup as Lookup } from '@rx/contracts/code-batches';
import { ApiError, http } from '@/shared/http.ts';
import { formatTime } from './format.ts';
import { ScrollTable } from '@/shared/ui/ScrollTable.tsx';

/** Looks a code up: its batch and state, and who redeemed it when. */
export function CodeLookup() {
  const { t } = useTranslation('code-batches');
  const [found, setFound] = useState<Lookup | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const search = async (text: string) => {
    const code = text.trim();
    if (!code) return;
    setLoading(true);
    try {
      setFound(await http.get<Lookup>(`/${codeBatchResource.name}/codes/lookup`, { code }, { silent: true }));
      setMissing(null);
    } catch (error) {
      setFound(null);
      if (error instanceof ApiError && error.code === 404001) setMissing(code);
      else throw error;
    } finally {
      setLoading(false);
    }
  };
  return (
    <Card size="small" title={t('lookup.title')} style={{ marginBlockEnd: 16 }}>
      <Input.Search
        allowClear
        enterButton={t('lookup.search')}
        placeholder={t('lookup.placeholder')}
        aria-label={t('lookup.placeholder')}
        loading={loading}
        onSearch={(value) => void search(value)}
        style={{ maxWidth: 420 }}
        data-testid="code-lookup"
      />
      {missing && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBlockStart: 12 }}
          title={t('lookup.notFound', { code: missing })}
        />
      )}
      {found && (
        <div data-testid="code-lookup-result" style={{ marginBlockStart: 12 }}>
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label={t('lookup.code')}>
              <span dir="ltr">{found.code}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('lookup.batch')}>
              #{found.batch.id} {found.batch.name}
            </Descriptions.Item>
            <Descriptions.Item label={t('statusTitle')}>
              <Tag>{t(`status.${found.batch.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('redeemed')}>{found.redeemed}</Descriptions.Item>
          </Descriptions>
          <ScrollTable
            size="small"
            rowKey={(row) => `${row.openid}-${row.at}`}
            dataSource={found.redemptions}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={{ emptyText: t('lookup.none') }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: t('lookup.openid'), dataIndex: 'openid' },
              { title: t('lookup.role'), dataIndex: 'role_id' },
              { title: t('lookup.at'), dataIndex: 'at', render: (v: string) => formatTime(v) },
            ]}
          />
        </div>
      )}
    </Card>
  );
}
