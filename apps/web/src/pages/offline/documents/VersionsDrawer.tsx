import { Collapse, Drawer, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { documentsResource, type DocumentItem, type DocumentVersion } from '@rx/contracts/documents';
import { resourceKey } from '@/shared/crud/index.ts';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';

const RESOURCE = documentsResource.name;

/** A saved version as it reads: its text (cleaned by the server when saved) and attachments. */
export function DocumentView({ version }: { version: Pick<DocumentVersion, 'body' | 'attachments'> }) {
  const { t } = useTranslation('documents');
  return (
    <>
      {/* The server keeps only its allow-list of tags and link schemes (lib/rich-text.ts). */}
      <div className="rich-text-view" dangerouslySetInnerHTML={{ __html: version.body }} />
      {version.attachments.length > 0 && (
        <List
          size="small"
          header={t('attachments')}
          dataSource={version.attachments}
          renderItem={(a) => (
            <List.Item>
              <Typography.Link href={a.url} target="_blank" rel="noopener noreferrer">
                {a.name}
              </Typography.Link>
            </List.Item>
          )}
        />
      )}
    </>
  );
}

/** A document's saved versions, newest first, each opening to its text as it was saved. */
export function VersionsDrawer({
  document,
  onClose,
}: {
  document: DocumentItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  const versions = useQuery({
    queryKey: resourceKey(RESOURCE, 'versions', { id: document?.id, revision: document?.revision }),
    queryFn: ({ signal }) =>
      http.get<{ list: DocumentVersion[] }>(`/${RESOURCE}/${document!.id}/versions`, undefined, { signal }),
    enabled: document !== null,
  });
  const list = versions.data?.list ?? [];
  return (
    <Drawer
      open={document !== null}
      onClose={onClose}
      title={t('versionsOf', { title: document?.title ?? '' })}
      size={760}
      destroyOnHidden
    >
      {!versions.data ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty />
      ) : (
        <Collapse
          data-testid="document-versions"
          defaultActiveKey={list[0] ? [String(list[0].revision)] : []}
          items={list.map((v) => ({
            key: String(v.revision),
            label: (
              <>
                <Tag>{t('revision', { n: v.revision })}</Tag>
                {v.title} ·{' '}
                <Typography.Text type="secondary">{`${formatDateTime(v.at)} · ${v.by}`}</Typography.Text>
              </>
            ),
            children: <DocumentView version={v} />,
          }))}
        />
      )}
    </Drawer>
  );
}
