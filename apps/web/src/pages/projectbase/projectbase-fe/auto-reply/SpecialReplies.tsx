import { useMemo, useState } from 'react';
import { Button, Card, Empty, Flex, Form, Switch, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  SPECIAL_REPLY_KINDS,
  specialReplyBody,
  type SpecialReply,
  type SpecialReplyKind,
} from '@rx/contracts/auto-replies';
import { FormDrawer, resourceKey } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { ChannelSelect } from '../shared/channels.tsx';
import { RESOURCE } from './RulesPanel.tsx';
import { RepliesEditor } from './RepliesEditor.tsx';
import { ReplyPreview } from './ReplyPreview.tsx';
import { blankReply } from './auto-reply-helpers.ts';

interface SpecialRepliesProps {
  /** A scope's page fixes the channel; the list page lets the user choose it. */
  channelId?: number | null;
  canEdit: boolean;
}

/** The welcome reply (a player enters the service) and the no-match reply of a channel. */
export function SpecialReplies({ channelId: fixed, canEdit }: SpecialRepliesProps) {
  const { t } = useTranslation('autoReply');
  const message = useMessage();
  const client = useQueryClient();
  const [picked, setPicked] = useState<number | null>(null);
  const channelId = fixed === undefined ? picked : fixed;
  const [editing, setEditing] = useState<SpecialReplyKind | null>(null);
  const specials = useQuery({
    queryKey: resourceKey(RESOURCE, 'specials'),
    queryFn: ({ signal }) => http.get<SpecialReply[]>(`/${RESOURCE}/specials`, undefined, { signal }),
  });
  const byKind = useMemo(
    () =>
      new Map(
        (specials.data ?? []).filter((s) => s.channel_id === channelId).map((s) => [s.kind, s] as const),
      ),
    [specials.data, channelId],
  );
  const current = editing ? byKind.get(editing) : undefined;
  const initialValues = useMemo(
    () => ({
      kind: editing,
      channel_id: channelId,
      replies: current?.replies ?? [blankReply('text')],
      enabled: current?.enabled ?? true,
      ...(current ? { version: current.version } : {}),
    }),
    [editing, channelId, current],
  );
  const save = async (data: unknown) => {
    await http.put(`/${RESOURCE}/specials`, data, { silent: true });
    void client.invalidateQueries({ queryKey: [RESOURCE] });
    void message.success(t('crud:action.saved'));
  };

  return (
    <Card
      size="small"
      loading={specials.isLoading}
      title={t('specialsTitle')}
      extra={
        fixed === undefined && (
          <ChannelSelect
            aria-label={t('channel')}
            allLabel={t('allChannels')}
            value={picked}
            onChange={setPicked}
            style={{ width: 180 }}
          />
        )
      }
    >
      <Flex vertical gap={12}>
        {SPECIAL_REPLY_KINDS.map((kind) => {
          const special = byKind.get(kind);
          return (
            <Card
              key={kind}
              size="small"
              type="inner"
              title={t(`specials.${kind}`)}
              data-testid={`special-${kind}`}
              extra={
                canEdit && (
                  <Button size="small" onClick={() => setEditing(kind)}>
                    {special ? t('crud:action.edit') : t('setReply')}
                  </Button>
                )
              }
            >
              <Typography.Paragraph type="secondary">{t(`specialsHint.${kind}`)}</Typography.Paragraph>
              {special ? (
                <Flex vertical gap={6}>
                  {!special.enabled && <Tag>{t('crud:status.disabled')}</Tag>}
                  {special.replies.map((reply, i) => (
                    <ReplyPreview key={i} reply={reply} />
                  ))}
                </Flex>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSpecial')} />
              )}
            </Card>
          );
        })}
      </Flex>
      <FormDrawer
        open={editing !== null}
        title={editing ? t(`specials.${editing}`) : ''}
        initialValues={initialValues}
        schema={specialReplyBody}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <RepliesEditor />
        <Form.Item
          name="enabled"
          label={t('enabled')}
          valuePropName="checked"
          style={{ marginBlockStart: 16 }}
        >
          <Switch />
        </Form.Item>
      </FormDrawer>
    </Card>
  );
}
