import { useState } from 'react';
import { Alert, Button, Checkbox, Drawer, Flex, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  EMPTY_BODY_SHA256,
  GAME_KEY_HEADER,
  GAME_NONCE_HEADER,
  GAME_SIGNATURE_HEADER,
  GAME_TIMESTAMP_HEADER,
  gameStringToSign,
  type GameApiKey,
  type GameApiKeyCreated,
  GAME_API_KEYS,
} from '@rx/contracts/game-api';
import { resourceKey } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError, http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { formatDateTime } from '@/shared/format.ts';

const RESOURCE = GAME_API_KEYS;
const HEADERS = {
  key: GAME_KEY_HEADER,
  ts: GAME_TIMESTAMP_HEADER,
  nonce: GAME_NONCE_HEADER,
  sig: GAME_SIGNATURE_HEADER,
};
/** What a sample request signs, built by the same function the server checks with. */
const SAMPLE = gameStringToSign({
  method: 'GET',
  path: '/api/game/v1/error-codes',
  params: [['lang', 'en']],
  timestamp: 1767225600,
  nonce: '9f86d081884c7d659a2feaa0c55ad015',
  bodySha256: EMPTY_BODY_SHA256,
});

interface GameKeysDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Creating and revoking need the product page's edit permission. */
  canManage: boolean;
}

/**
 * The game's keys for the game-facing API (what games read these replies, texts and policies
 * through). A new key's secret is shown once, here, with a copy button.
 */
export function GameKeysDrawer({ open, onClose, canManage }: GameKeysDrawerProps) {
  const { t } = useTranslation('autoReply');
  const message = useMessage();
  const client = useQueryClient();
  const [showRevoked, setShowRevoked] = useState(false);
  const [note, setNote] = useState('');
  const [created, setCreated] = useState<GameApiKeyCreated | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const keys = useQuery({
    queryKey: resourceKey(RESOURCE, showRevoked),
    queryFn: ({ signal }) => http.get<GameApiKey[]>(`/${RESOURCE}`, { all: showRevoked ? 1 : 0 }, { signal }),
    enabled: open,
  });
  const refresh = () => client.invalidateQueries({ queryKey: [RESOURCE] });
  const create = async () => {
    setProblem(null);
    try {
      setCreated(await http.post<GameApiKeyCreated>(`/${RESOURCE}`, { note: note.trim() }, { silent: true }));
      setNote('');
      void refresh();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(error.msg);
    }
  };
  const revoke = async (key: GameApiKey) => {
    await http.post(`/${RESOURCE}/${key.id}/revoke`, {});
    void refresh();
    void message.success(t('keys.revoked'));
  };
  const close = () => {
    setCreated(null);
    setProblem(null);
    onClose();
  };

  return (
    <Drawer open={open} onClose={close} title={t('keys.title')} size={760} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('keys.intro', HEADERS)}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('keys.signing', HEADERS)}
        <pre dir="ltr" data-testid="game-signing-sample">
          {SAMPLE}
        </pre>
      </Typography.Paragraph>
      {created && (
        <Alert
          type="success"
          showIcon
          data-testid="game-key-secret"
          title={t('keys.createdTitle', { key: created.key_id })}
          description={
            <Flex vertical gap={4}>
              <Typography.Text>{t('keys.secretOnce')}</Typography.Text>
              <Typography.Text code copyable={{ text: created.secret }}>
                {created.secret}
              </Typography.Text>
            </Flex>
          }
          style={{ marginBlockEnd: 12 }}
        />
      )}
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 12 }} />}
      <Flex justify="space-between" gap={8} wrap style={{ marginBlockEnd: 12 }}>
        {canManage && (
          <Space.Compact>
            <Input
              aria-label={t('keys.note')}
              placeholder={t('keys.note')}
              value={note}
              maxLength={100}
              onChange={(e) => setNote(e.target.value)}
              style={{ width: 260 }}
            />
            <Button type="primary" onClick={() => void create()}>
              {t('keys.create')}
            </Button>
          </Space.Compact>
        )}
        <Checkbox checked={showRevoked} onChange={(e) => setShowRevoked(e.target.checked)}>
          {t('keys.showRevoked')}
        </Checkbox>
      </Flex>
      <DataTable<GameApiKey>
        rowKey="id"
        loading={keys.isFetching}
        dataSource={keys.data}
        pagination={false}
        columns={[
          { title: t('keys.keyId'), dataIndex: 'key_id', width: 200 },
          { title: t('keys.note'), dataIndex: 'note', width: 140 },
          { title: t('keys.createdBy'), dataIndex: 'created_by', width: 100 },
          {
            title: t('keys.createdAt'),
            dataIndex: 'created_at',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
          {
            title: t('crud:field.status'),
            key: 'status',
            width: 150,
            render: (_, key) =>
              key.revoked_at ? (
                <Tag>{t('keys.revokedAt', { time: formatDateTime(key.revoked_at) })}</Tag>
              ) : canManage ? (
                <Popconfirm
                  title={t('keys.confirmRevoke', { key: key.key_id })}
                  onConfirm={() => revoke(key)}
                >
                  <Button size="small" danger>
                    {t('keys.revoke')}
                  </Button>
                </Popconfirm>
              ) : (
                <Tag color="success">{t('keys.active')}</Tag>
              ),
          },
        ]}
      />
    </Drawer>
  );
}
