import { useState } from 'react';
import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Input,
  List,
  Popconfirm,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CS_NOTE_MAX, csUsersAccess, type CsUserNote, type CsUserProfile } from '@rx/contracts/cs-desk';
import { usePermission } from '@/app/permission/index.ts';
import { useSession } from '@/app/session.ts';
import { resourceKey } from '@/shared/crud/resource.ts';
import { formatDateTime, formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { ResponsiveTabs } from '@/shared/ui/ResponsiveTabs.tsx';

const PATH = 'cs/users';
const enc = encodeURIComponent;

/**
 * One note: its text, who wrote and changed it, its earlier texts; editable with the permission,
 * deletable by its author (another agent's with the page's delete permission), after a confirm.
 */
function NoteItem({
  note,
  canEdit,
  canDelete,
  onSave,
  onDelete,
}: {
  note: CsUserNote;
  canEdit: boolean;
  canDelete: boolean;
  onSave: (body: string) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('csUsers');
  const [draft, setDraft] = useState<string | null>(null);
  const live = !note.deleted_at;
  const actions = [];
  if (live && canEdit && draft === null) {
    actions.push(
      <Button key="edit" type="link" size="small" onClick={() => setDraft(note.body)}>
        {t('crud:action.edit')}
      </Button>,
    );
  }
  if (live && canDelete && draft === null) {
    actions.push(
      <Popconfirm
        key="delete"
        title={t('deleteNoteConfirm')}
        okText={t('crud:action.delete')}
        cancelText={t('crud:action.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={onDelete}
      >
        <Button type="link" size="small" danger data-testid={`cs-note-delete-${note.id}`}>
          {t('crud:action.delete')}
        </Button>
      </Popconfirm>,
    );
  }
  return (
    <List.Item data-testid={`cs-note-${note.id}`} actions={actions}>
      <Flex vertical gap={4} style={{ inlineSize: '100%' }}>
        {!live ? (
          <Typography.Text type="secondary" italic>
            {t('noteDeleted', { name: note.deleted_by, time: formatDateTime(note.deleted_at) })}
          </Typography.Text>
        ) : draft === null ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBlockEnd: 0 }}>
            {note.body}
          </Typography.Paragraph>
        ) : (
          <>
            <Input.TextArea
              aria-label={t('noteText')}
              value={draft}
              maxLength={CS_NOTE_MAX}
              rows={3}
              onChange={(e) => setDraft(e.target.value)}
            />
            <Flex gap={8}>
              <Button
                type="primary"
                size="small"
                disabled={!draft.trim()}
                onClick={() => {
                  onSave(draft);
                  setDraft(null);
                }}
              >
                {t('crud:action.save')}
              </Button>
              <Button size="small" onClick={() => setDraft(null)}>
                {t('crud:action.cancel')}
              </Button>
            </Flex>
          </>
        )}
        {live && (
          <Typography.Text type="secondary">
            {t('noteBy', { name: note.updated_by, time: formatDateTime(note.updated_at) })}
          </Typography.Text>
        )}
        {note.history.length > 0 && (
          <details>
            <summary>{t('history', { count: note.history.length })}</summary>
            {note.history.map((h, i) => (
              <Typography.Paragraph
                key={i}
                type="secondary"
                style={{ whiteSpace: 'pre-wrap', marginBlock: 4 }}
              >
                {h.action === 'delete' && `${t('deletedText')}: `}
                <del>{h.body}</del> — {h.edited_by}, {formatDateTime(h.edited_at)}
              </Typography.Paragraph>
            ))}
          </details>
        )}
      </Flex>
    </List.Item>
  );
}

function Notes({ openid }: { openid: string }) {
  const { t } = useTranslation('csUsers');
  const client = useQueryClient();
  const canEdit = usePermission([csUsersAccess.permissions.edit]);
  const canDeleteAny = usePermission([csUsersAccess.permissions.delete]);
  const me = useSession((state) => state.user?.username);
  const [text, setText] = useState('');
  const key = resourceKey(PATH, 'notes', openid);
  const notes = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      http.get<{ list: CsUserNote[] }>(`/${PATH}/${enc(openid)}/notes`, undefined, { signal }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: (body: string) => http.post<CsUserNote>(`/${PATH}/${enc(openid)}/notes`, { body }),
    onSuccess: () => {
      setText('');
      void refresh();
    },
  });
  const save = useMutation({
    mutationFn: ({ note, body }: { note: CsUserNote; body: string }) =>
      http.put<CsUserNote>(`/${PATH}/${enc(openid)}/notes/${note.id}`, { body, version: note.version }),
    onSettled: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: (note: CsUserNote) =>
      http.delete<CsUserNote>(`/${PATH}/${enc(openid)}/notes/${note.id}`, {
        query: { version: note.version },
      }),
    onSettled: () => void refresh(),
  });
  return (
    <>
      {canEdit && (
        <Flex vertical gap={8} style={{ marginBlockEnd: 12 }}>
          <Input.TextArea
            aria-label={t('newNote')}
            placeholder={t('newNote')}
            value={text}
            maxLength={CS_NOTE_MAX}
            rows={2}
            onChange={(e) => setText(e.target.value)}
            data-testid="cs-note-input"
          />
          <Button
            type="primary"
            style={{ alignSelf: 'flex-start' }}
            disabled={!text.trim()}
            loading={add.isPending}
            onClick={() => add.mutate(text)}
          >
            {t('addNote')}
          </Button>
        </Flex>
      )}
      <List
        loading={notes.isFetching}
        dataSource={notes.data?.list ?? []}
        locale={{ emptyText: t('noNotes') }}
        renderItem={(note) => (
          <NoteItem
            key={note.id}
            note={note}
            canEdit={canEdit}
            canDelete={canEdit && (note.created_by === me || canDeleteAny)}
            onSave={(body) => save.mutate({ note, body })}
            onDelete={() => remove.mutate(note)}
          />
        )}
      />
    </>
  );
}

function Profile({ p }: { p: CsUserProfile }) {
  const { t } = useTranslation(['csUsers', 'cs']);
  const role = p.roles[0];
  return (
    <>
      {!p.known && <Typography.Paragraph type="secondary">{t('unknownAccount')}</Typography.Paragraph>}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered data-testid="cs-user-card">
        <Descriptions.Item label={t('cs:openid')}>{p.openid}</Descriptions.Item>
        <Descriptions.Item label={t('nickname')}>{p.nickname || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('channel')}>{p.channel || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('server')}>{role?.server ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('role')}>
          {role ? `${role.name} (${role.role_id})` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('level')}>
          {role ? `${role.level} · VIP ${role.vip}` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('paidTotal')}>{formatNumber(p.paid_total / 100)}</Descriptions.Item>
        <Descriptions.Item label={t('lastLogin')}>{formatDateTime(p.last_login_at)}</Descriptions.Item>
        <Descriptions.Item label={t('device')}>
          {p.device ? [p.device.model, p.device.os, p.device.app_version].filter(Boolean).join(' · ') : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('language')}>{p.language || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('ratings')}>
          {p.ratings.average === null
            ? '—'
            : t('ratingAverage', { average: p.ratings.average, count: p.ratings.count })}
        </Descriptions.Item>
        <Descriptions.Item label={t('blacklist')}>
          <Flex wrap gap={8} align="center">
            {p.blacklist?.active ? (
              <Tag color="error">{t('blacklisted')}</Tag>
            ) : (
              <Tag>{t('notBlacklisted')}</Tag>
            )}
            <Link to={`/service/blacklist?q=${enc(p.openid)}`}>{t('openBlacklist')}</Link>
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('tags')} span={2}>
          {p.tags.length
            ? p.tags.map((tag) => <Tag key={tag.name}>{`${tag.label}: ${tag.value}`}</Tag>)
            : '—'}
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}

/** The player's card: profile, conversations, tickets and agents' notes. */
export function UserDrawer({ openid, onClose }: { openid: string | undefined; onClose: () => void }) {
  const { t } = useTranslation(['csUsers', 'cs', 'tickets']);
  const profile = useQuery({
    queryKey: resourceKey(PATH, 'item', openid),
    queryFn: ({ signal }) => http.get<CsUserProfile>(`/${PATH}/${enc(openid!)}`, undefined, { signal }),
    enabled: !!openid,
  });
  const p = profile.data;
  return (
    <Drawer
      open={!!openid}
      onClose={onClose}
      size={720}
      title={openid ? t('cardOf', { openid }) : ''}
      destroyOnHidden
    >
      {!p ? (
        profile.isFetching ? (
          <Spin />
        ) : (
          <Empty />
        )
      ) : (
        <ResponsiveTabs
          label={t('sections')}
          items={[
            { key: 'profile', label: t('profile'), children: <Profile p={p} /> },
            {
              key: 'conversations',
              label: `${t('conversations')} (${p.conversations.length})`,
              children: (
                <List
                  dataSource={p.conversations}
                  header={<Link to={`/service/session-records?q=${enc(p.openid)}`}>{t('openRecords')}</Link>}
                  renderItem={(c) => (
                    <List.Item>
                      <Flex vertical gap={2}>
                        <Typography.Text>
                          #{c.id} · {t(`cs:state.${c.state}`)} · {formatDateTime(c.created_at)}
                          {c.rating !== null && ` · ${c.rating}/5`}
                        </Typography.Text>
                        <Typography.Text type="secondary" ellipsis>
                          {c.last_message}
                        </Typography.Text>
                      </Flex>
                    </List.Item>
                  )}
                />
              ),
            },
            {
              key: 'tickets',
              label: `${t('tickets')} (${p.tickets.length})`,
              children: (
                <List
                  dataSource={p.tickets}
                  renderItem={(x) => (
                    <List.Item>
                      <Flex vertical gap={2}>
                        <Link to={`/service/feedback?ticket=${x.id}`}>
                          #{x.id} · {t(`tickets:kinds.${x.kind}`)} · {t(`tickets:states.${x.state}`)}
                        </Link>
                        <Typography.Text type="secondary" ellipsis>
                          {x.content}
                          {x.rating !== null && ` · ${x.rating}/5 ${x.rating_comment}`}
                        </Typography.Text>
                      </Flex>
                    </List.Item>
                  )}
                />
              ),
            },
            { key: 'notes', label: t('notes'), children: <Notes openid={p.openid} /> },
          ]}
        />
      )}
    </Drawer>
  );
}
