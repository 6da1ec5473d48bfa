import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Input,
  List,
  Segmented,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CS_AGENT_STATUSES,
  CS_QUEUES,
  CS_TEXT_MAX,
  fillScript,
  scriptFits,
  type CsAgentState,
  type CsAgentStatus,
  type CsConversation,
  type CsLiveData,
  type CsMessage,
  type CsPlayerContext,
  type CsQueue,
  type CsScript,
} from '@rx/contracts/cs';
import { ApiError, http } from '@/shared/http.ts';
import { useLiveEvent, useLiveWatch } from '@/shared/live.ts';
import { storage } from '@/shared/storage.ts';
import { formatMoney } from '@/shared/format.ts';
import { MessageLine } from '@/shared/cs/MessageLine.tsx';
import { ClassifyPicker } from './ClassifyPicker.tsx';
import { TicketButton } from './TicketButton.tsx';
import { applyLiveEvent, heldRows, placeConversation, type ListView } from './live-list.ts';
import './workbench.css';

type Agent = CsAgentState & { username: string };
const STATE_COLORS = { pending: 'purple', open: 'blue', snoozed: 'gold', resolved: 'green' } as const;
/** The list is read again this often even without live events (a lost connection, a missed one). */
const POLL_MS = 15_000;
const HOUR = 3_600_000;

/**
 * The agents' workbench: queues (mine, unassigned, all) on one side, the chat in the middle (replies,
 * private notes, canned replies by `/`), the player's context on the other; live over the console's
 * WebSocket (topic `cs`: it says what it shows and hears of those conversations only, and moves them
 * in its list from the events), with polling as a fallback.
 */
export function Workbench() {
  const { t } = useTranslation('cs');
  const [queue, setQueue] = useState<CsQueue>('mine');
  const [list, setList] = useState<CsConversation[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [messages, setMessages] = useState<CsMessage[]>([]);
  const [me, setMe] = useState<CsAgentState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [typing, setTyping] = useState(false);
  const selectedRef = useRef<number | null>(null);
  const productId = storage.productId.get() ?? null;
  const view: ListView = { queue, userId: me?.user_id ?? null, productId, selected };
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  });
  // The list as last set: live events apply to it in the order they come, between renders too.
  const listRef = useRef<CsConversation[]>([]);
  const showList = useCallback((next: CsConversation[]) => {
    listRef.current = next;
    setList(next);
  }, []);
  // The server sends this console the events of what it shows (and of the conversations it holds).
  useLiveWatch('cs', productId ? { product_id: productId, queue, conversation_id: selected } : null);

  const guard = useCallback(async (work: () => Promise<void>) => {
    try {
      await work();
      setProblem(null);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(error.msg);
    }
  }, []);

  const loadList = useCallback(
    () =>
      guard(async () => {
        const answer = await http.get<{ list: CsConversation[] }>(
          '/cs/conversations',
          { queue, page_size: 50 },
          { silent: true },
        );
        showList(answer.list);
      }),
    [guard, queue, showList],
  );
  /** One conversation read again (an event that does not carry what the list shows of it, an action). */
  const loadOne = useCallback(
    (id: number) =>
      guard(async () => {
        const conversation = await http.get<CsConversation>(`/cs/conversations/${id}`, undefined, {
          silent: true,
        });
        showList(placeConversation(listRef.current, conversation, viewRef.current));
      }),
    [guard, showList],
  );
  const loadMessages = useCallback(
    (id: number) =>
      guard(async () => {
        const answer = await http.get<{ list: CsMessage[] }>(`/cs/conversations/${id}/messages`, undefined, {
          silent: true,
        });
        if (selectedRef.current === id) setMessages(answer.list);
      }),
    [guard],
  );

  useEffect(() => {
    const first = setTimeout(() => void loadList(), 0);
    const timer = setInterval(() => void loadList(), POLL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [loadList]);
  useEffect(() => {
    http
      .get<CsAgentState>('/cs/agents/me', undefined, { silent: true })
      .then(setMe)
      .catch(() => undefined);
  }, []);
  const choose = (id: number) => {
    if (id === selected) return;
    selectedRef.current = id;
    setMessages([]);
    setSelected(id);
    void loadMessages(id);
  };

  useLiveEvent('cs', (data) => {
    const event = data as CsLiveData;
    if (event.conversation_id === selectedRef.current) {
      if (event.what === 'typing') {
        setTyping(true);
        setTimeout(() => setTyping(false), 3000);
        return;
      }
      // What its own user just wrote is already shown (the send reads the messages).
      if (event.what !== 'message' || event.by !== viewRef.current.userId)
        void loadMessages(event.conversation_id);
    }
    const { list: next, read } = applyLiveEvent(listRef.current, event, viewRef.current);
    if (next !== listRef.current) showList(next);
    if (read !== null) void loadOne(read);
  });

  const current = list.find((c) => c.id === selected) ?? null;
  // While a mouse points at the queue it holds still: rows keep their places (their content still
  // changes), newcomers wait, so a click lands on the row the agent aimed at.
  const [held, setHeld] = useState<CsConversation[] | null>(null);
  const shown = held ? heldRows(held, list) : { rows: list, gone: new Set<number>(), waiting: 0 };
  const setStatus = (status: CsAgentStatus) =>
    guard(async () => {
      setMe(await http.put<CsAgentState>('/cs/agents/me/status', { status }, { silent: true }));
      await loadList();
    });

  return (
    <div className="rx-cs-workbench" data-testid="cs-workbench">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Space wrap>
          <span id="cs-my-status">{t('myStatus')}</span>
          <Select<CsAgentStatus>
            aria-labelledby="cs-my-status"
            data-testid="cs-status"
            style={{ minWidth: 120 }}
            value={me?.status ?? 'offline'}
            options={CS_AGENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            onChange={(value) => void setStatus(value)}
          />
          {me && <Tag>{t('load', { active: me.active, capacity: me.capacity })}</Tag>}
        </Space>
      </Flex>
      {problem && <Alert type="error" showIcon message={problem} closable onClose={() => setProblem(null)} />}
      <div className="rx-cs-columns">
        <Card size="small" className="rx-cs-queues" title={t('queues')}>
          <Segmented<CsQueue>
            block
            value={queue}
            options={CS_QUEUES.map((q) => ({ value: q, label: t(`queue.${q}`) }))}
            onChange={(next) => {
              setHeld(null);
              setQueue(next);
            }}
          />
          <div
            onPointerEnter={(event) => {
              if (event.pointerType === 'mouse' && listRef.current.length) setHeld(listRef.current);
            }}
            onPointerLeave={() => setHeld(null)}
          >
            {shown.waiting > 0 && (
              <Button
                type="link"
                size="small"
                className="rx-cs-waiting"
                data-testid="cs-waiting"
                title={t('heldHint')}
                onClick={() => setHeld(listRef.current)}
              >
                {t('showWaiting', { count: shown.waiting })}
              </Button>
            )}
            <List
              className="rx-cs-list"
              dataSource={shown.rows}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyQueue')} />,
              }}
              renderItem={(c) => (
                <List.Item
                  className={[
                    'rx-cs-item',
                    c.id === selected ? 'rx-cs-item-active' : '',
                    shown.gone.has(c.id) ? 'rx-cs-item-gone' : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  data-testid={`cs-conversation-${c.id}`}
                >
                  <button type="button" className="rx-cs-item-button" onClick={() => choose(c.id)}>
                    <Flex justify="space-between" gap={4}>
                      <Typography.Text strong ellipsis>
                        {c.nickname || c.openid}
                      </Typography.Text>
                      <Badge count={c.unread} size="small" />
                    </Flex>
                    <Flex justify="space-between" gap={4}>
                      <Typography.Text type="secondary" ellipsis>
                        {c.last_message}
                      </Typography.Text>
                      <Tag color={STATE_COLORS[c.state]}>{t(`state.${c.state}`)}</Tag>
                    </Flex>
                  </button>
                </List.Item>
              )}
            />
          </div>
        </Card>
        {current ? (
          <Chat
            key={current.id}
            conversation={current}
            me={me}
            messages={messages}
            typing={typing}
            guard={guard}
            onChanged={async () => {
              await loadMessages(current.id);
              await loadOne(current.id);
            }}
          />
        ) : (
          <Card size="small" className="rx-cs-chat">
            <Empty description={t('pick')} />
          </Card>
        )}
        {current && <PlayerContext conversation={current} />}
      </div>
    </div>
  );
}

function Chat({
  conversation,
  me,
  messages,
  typing,
  guard,
  onChanged,
}: {
  conversation: CsConversation;
  me: CsAgentState | null;
  messages: CsMessage[];
  typing: boolean;
  guard: (work: () => Promise<void>) => Promise<void>;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation('cs');
  const [text, setText] = useState('');
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const [scripts, setScripts] = useState<CsScript[]>([]);
  const [agents, setAgents] = useState<Agent[]>([]);
  const [transferTo, setTransferTo] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const lastTyped = useRef(0);
  const end = useRef<HTMLDivElement>(null);
  const base = `/cs/conversations/${conversation.id}`;
  const resolved = conversation.state === 'resolved';

  useEffect(() => {
    void guard(async () => {
      setScripts((await http.get<{ list: CsScript[] }>('/cs/scripts', undefined, { silent: true })).list);
      setAgents((await http.get<{ list: Agent[] }>('/cs/agents', undefined, { silent: true })).list);
    });
  }, [guard]);
  // A block body: Chromium's scrollIntoView now returns a promise, and an effect's arrow that
  // returned it handed React a "cleanup" that is not a function (the page's error boundary).
  useEffect(() => {
    void end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  // Canned replies: a text starting with `/` lists the scripts whose title or text holds the rest,
  // those written in the player's language first, then those for any language (never another's).
  const suggestions = useMemo(() => {
    if (!text.startsWith('/')) return [];
    const wanted = text.slice(1).trim().toLowerCase();
    return scripts
      .filter(
        (s) =>
          scriptFits(s, conversation.lang) &&
          (!wanted || s.title.toLowerCase().includes(wanted) || s.body.toLowerCase().includes(wanted)),
      )
      .sort((a, b) => Number(b.lang !== '') - Number(a.lang !== ''))
      .slice(0, 8);
  }, [scripts, text, conversation.lang]);
  const applyScript = (script: CsScript) =>
    setText(
      fillScript(script.body, {
        nickname: conversation.nickname || conversation.openid,
        openid: conversation.openid,
        server: conversation.server,
      }),
    );

  const act = (work: () => Promise<unknown>) =>
    guard(async () => {
      setBusy(true);
      try {
        await work();
        await onChanged();
      } finally {
        setBusy(false);
      }
    });
  const send = () => {
    const body = text.trim();
    if (!body || suggestions.length > 0) return;
    void act(async () => {
      await http.post(`${base}/${mode === 'note' ? 'notes' : 'messages'}`, { text: body }, { silent: true });
      setText('');
    });
  };
  const onType = (value: string) => {
    setText(value);
    if (Date.now() - lastTyped.current > 2000 && mode === 'reply' && value) {
      lastTyped.current = Date.now();
      void http.post(`${base}/typing`, undefined, { silent: true }).catch(() => undefined);
    }
  };

  return (
    <Card
      size="small"
      className="rx-cs-chat"
      title={
        <Space wrap>
          <span>{conversation.nickname || conversation.openid}</span>
          <Tag color={STATE_COLORS[conversation.state]}>{t(`state.${conversation.state}`)}</Tag>
          {conversation.assignee_name && <Tag>{t('assignee', { name: conversation.assignee_name })}</Tag>}
          {conversation.rating !== null && (
            <Tag color="green" data-testid="cs-rating">
              {t('rated', { score: conversation.rating })}
            </Tag>
          )}
        </Space>
      }
      extra={
        <Space wrap>
          {me && conversation.assignee_id !== me.user_id && (
            <Button
              size="small"
              type="primary"
              data-testid="cs-accept"
              disabled={busy || resolved}
              onClick={() =>
                void act(() => http.post(`${base}/assign`, { user_id: me.user_id }, { silent: true }))
              }
            >
              {t('accept')}
            </Button>
          )}
          <Button
            size="small"
            disabled={busy || resolved}
            onClick={() => void act(() => http.post(`${base}/assign`, { user_id: null }, { silent: true }))}
          >
            {t('toQueue')}
          </Button>
          <Select<number>
            size="small"
            aria-label={t('transferTo')}
            placeholder={t('transferTo')}
            style={{ minWidth: 130 }}
            value={transferTo ?? undefined}
            options={agents.map((a) => ({
              value: a.user_id,
              label: `${a.username} (${t(`status.${a.status}`)})`,
            }))}
            onChange={setTransferTo}
          />
          <Button
            size="small"
            disabled={busy || resolved || transferTo === null}
            onClick={() =>
              void act(() =>
                http.post(`${base}/transfer`, { user_id: transferTo, note: '' }, { silent: true }),
              )
            }
          >
            {t('transfer')}
          </Button>
          <ClassifyPicker
            value={conversation.feedback_type_id}
            disabled={busy}
            onChange={(typeId) =>
              void act(() =>
                http.put(`${base}/classification`, { feedback_type_id: typeId }, { silent: true }),
              )
            }
          />
          <Button
            size="small"
            disabled={busy || resolved || conversation.state === 'pending'}
            onClick={() =>
              void act(() =>
                http.post(
                  `${base}/snooze`,
                  { until: new Date(Date.now() + HOUR).toISOString() },
                  { silent: true },
                ),
              )
            }
          >
            {t('snooze')}
          </Button>
          <Button
            size="small"
            type="primary"
            disabled={busy || resolved}
            onClick={() => void act(() => http.post(`${base}/resolve`, undefined, { silent: true }))}
          >
            {t('resolve')}
          </Button>
        </Space>
      }
    >
      <div className="rx-cs-messages" role="log" aria-label={t('messages')} data-testid="cs-messages">
        {messages.map((m) => (
          <MessageLine key={m.id} message={m} />
        ))}
        {typing && <Typography.Text type="secondary">{t('typing')}</Typography.Text>}
        <div ref={end} />
      </div>
      {!resolved && (
        <Flex vertical gap={6} className="rx-cs-composer">
          <Segmented<'reply' | 'note'>
            size="small"
            value={mode}
            options={[
              { value: 'reply', label: t('reply') },
              { value: 'note', label: t('note') },
            ]}
            onChange={setMode}
          />
          <label htmlFor={inputId} className="rx-cs-hint">
            {mode === 'note' ? t('notePlaceholder') : t('replyPlaceholder')}
          </label>
          <Input.TextArea
            id={inputId}
            data-testid="cs-input"
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={CS_TEXT_MAX}
            value={text}
            onChange={(e) => onType(e.target.value)}
            onPressEnter={(e) => {
              if (e.shiftKey) return;
              e.preventDefault();
              if (suggestions[0]) applyScript(suggestions[0]);
              else send();
            }}
          />
          {suggestions.length > 0 && (
            <List
              size="small"
              bordered
              data-testid="cs-scripts"
              aria-label={t('scripts')}
              dataSource={suggestions}
              renderItem={(s) => (
                <List.Item>
                  <button type="button" className="rx-cs-item-button" onClick={() => applyScript(s)}>
                    <Typography.Text strong>{s.title}</Typography.Text> {s.lang && <Tag>{s.lang}</Tag>}
                    <Typography.Text type="secondary">{s.body}</Typography.Text>
                  </button>
                </List.Item>
              )}
            />
          )}
          {text.startsWith('/') && suggestions.length === 0 && (
            <Typography.Text type="secondary">{t('noScripts')}</Typography.Text>
          )}
          <Flex justify="flex-end">
            <Button
              type="primary"
              data-testid="cs-send"
              loading={busy}
              disabled={!text.trim() || suggestions.length > 0}
              onClick={send}
            >
              {mode === 'note' ? t('addNote') : t('send')}
            </Button>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}

function PlayerContext({ conversation }: { conversation: CsConversation }) {
  const { t, i18n } = useTranslation(['cs', 'csOrders', 'sanctions']);
  const [context, setContext] = useState<CsPlayerContext | null>(null);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let live = true;
    http
      .get<CsPlayerContext>(`/cs/conversations/${conversation.id}/context`, undefined, { silent: true })
      .then((answer) => live && setContext(answer))
      .catch(() => live && setContext(null));
    return () => {
      live = false;
    };
  }, [conversation.id, conversation.version, reloads]);
  return (
    <Card
      size="small"
      className="rx-cs-context"
      title={t('context')}
      data-testid="cs-context"
      extra={
        context && (
          <TicketButton
            conversationId={conversation.id}
            ticket={context.ticket}
            onCreated={() => setReloads((n) => n + 1)}
          />
        )
      }
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('openid')}>{conversation.openid}</Descriptions.Item>
        <Descriptions.Item label={t('nickname')}>
          {context?.player?.nickname || conversation.nickname || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('server')}>{conversation.server || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('channel')}>{context?.player?.channel || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('lastLogin')}>
          {context?.player?.last_login_at ? new Date(context.player.last_login_at).toLocaleString() : '—'}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('tickets')}</Typography.Title>
      {context?.tickets.length ? (
        <ul className="rx-cs-plain">
          {context.tickets.map((ticket) => (
            <li key={ticket.id}>
              #{ticket.id} {ticket.content}
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">{t('none')}</Typography.Text>
      )}
      <Typography.Title level={5}>{t('orders')}</Typography.Title>
      {context?.orders.length ? (
        <ul className="rx-cs-plain" data-testid="cs-context-orders">
          {context.orders.map((o) => (
            <li key={`${o.source}:${o.order_no}`}>
              <bdi>{o.order_no}</bdi> {o.product} · <bdi>{formatMoney(o.amount, o.currency)}</bdi> ·{' '}
              {t(`csOrders:states.${o.state}`, { defaultValue: o.state })} ·{' '}
              {o.at ? new Date(o.at).toLocaleString(i18n.language) : '—'}
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">{t('none')}</Typography.Text>
      )}
      <Typography.Title level={5}>{t('sanctions')}</Typography.Title>
      {context?.sanctions.length ? (
        <ul className="rx-cs-plain" data-testid="cs-context-sanctions">
          {context.sanctions.map((s) => (
            <li key={s.id}>
              <Tag color={s.status === 'active' ? 'red' : undefined}>
                {t(`sanctions:statuses.${s.status}`, { defaultValue: s.status })}
              </Tag>
              {t(`sanctions:kinds.${s.kind}`, { defaultValue: s.kind })} · {s.reason} ·{' '}
              {s.ends_at ? new Date(s.ends_at).toLocaleString(i18n.language) : t('sanctions:permanent')}
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">{t('none')}</Typography.Text>
      )}
      <Typography.Title level={5}>{t('past')}</Typography.Title>
      {context?.conversations.length ? (
        <ul className="rx-cs-plain">
          {context.conversations.map((c) => (
            <li key={c.id}>
              #{c.id} {t(`state.${c.state}`)} {c.rating !== null ? `★${c.rating}` : ''} {c.last_message}
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">{t('none')}</Typography.Text>
      )}
    </Card>
  );
}
