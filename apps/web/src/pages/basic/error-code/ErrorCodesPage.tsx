import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Space, Tabs, Typography } from 'antd';
import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorCodesResource as resource, type ErrorCodeRelease } from '@rx/contracts/error-codes';
import type { ApprovalPending } from '@rx/contracts/approvals';
import { isLanguage, type Language } from '@rx/contracts/languages';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { useListParams } from '@/shared/crud/index.ts';
import { isPendingApproval, useApprovalNotice } from '@/shared/approval-notice.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { CodeList } from './CodeList.tsx';
import { MissingReport } from './MissingReport.tsx';
import { NoteModal } from './NoteModal.tsx';
import { ReleasesDrawer } from './ReleasesDrawer.tsx';

type View = 'codes' | 'missing';

/** Error-code texts: the working copy, what translators have left, and the releases games read. */
export function ErrorCodesPage() {
  const { t } = useTranslation('errorCodes');
  const message = useMessage();
  const announcePending = useApprovalNotice();
  const client = useQueryClient();
  const productId = useProduct((s) => s.productId);
  const [search, setSearch] = useSearchParams();
  const [params, setParams] = useListParams(resource.filters);
  const { permissions: p } = resource;
  const canEdit = usePermission([p.edit]);
  const canDelete = usePermission([p.delete]);
  const canExport = usePermission([p.export]);
  const canApprove = usePermission([p.approve]);
  const can = useMemo(
    () => ({ edit: canEdit, remove: canDelete, exportRows: canExport }),
    [canEdit, canDelete, canExport],
  );
  const [publishing, setPublishing] = useState(false);
  const [history, setHistory] = useState(false);

  const view: View = search.get('view') === 'missing' ? 'missing' : 'codes';
  const setView = (next: View) => {
    const changed = new URLSearchParams(search);
    if (next === 'codes') changed.delete('view');
    else changed.set('view', next);
    setSearch(changed, { replace: true });
  };
  const missingLang = params.filters.missing_lang;
  const lang: Language | undefined = isLanguage(missingLang) ? missingLang : undefined;

  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const publish = async (note: string) => {
    const release = await http.post<ErrorCodeRelease | ApprovalPending>(
      `/${resource.name}/publish`,
      { note },
      { silent: true },
    );
    // The CP's policy may ask a second person first (202): nothing is live yet.
    if (isPendingApproval(release)) {
      announcePending(release);
      return;
    }
    void client.invalidateQueries({ queryKey: [resource.name] });
    void message.success(t('published', { number: release.number, count: release.count }));
  };

  return (
    <>
      <Flex justify="space-between" align="start" gap={16} wrap>
        <div>
          <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
            {t('menu:page.errorCodes')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        </div>
        <Space>
          <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)}>
            {t('releases')}
          </Button>
          {canApprove && (
            <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setPublishing(true)}>
              {t('publish')}
            </Button>
          )}
        </Space>
      </Flex>
      <Tabs
        activeKey={view}
        onChange={(key) => setView(key as View)}
        items={[
          {
            key: 'codes',
            label: t('viewCodes'),
            children: <CodeList params={params} setParams={setParams} can={can} />,
          },
          {
            key: 'missing',
            label: t('viewMissing'),
            children: (
              <MissingReport
                lang={lang}
                onLang={(next) => setParams({ filters: { ...params.filters, missing_lang: next ?? '' } })}
                onOpen={(code) => {
                  const changed = new URLSearchParams({ q: code });
                  setSearch(changed, { replace: true });
                }}
              />
            ),
          },
        ]}
      />
      <NoteModal
        open={publishing}
        title={t('publishTitle')}
        description={t('publishWhat')}
        okText={t('publish')}
        onSubmit={publish}
        onClose={() => setPublishing(false)}
      />
      <ReleasesDrawer open={history} onClose={() => setHistory(false)} canApprove={canApprove} />
    </>
  );
}
