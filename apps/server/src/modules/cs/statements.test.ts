import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  CsAgentState,
  CsConversation,
  CsMessage,
  GameCsConversation,
  GameCsMessage,
} from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { csMessages } from './tables.ts';

// What one player message costs the database: the statements of the service's own tables that
// each step of a round sends (the player's send, the agent's read and reply, the queue's list, the
// player's read). The game signature's statements (its key, its nonce) are the game API's and
// counted apart; background work runs on its own pool and is never counted.

const t = useTestApp({ gameKey: 'cs-statements' });
const admin = t.admin;
const tag = Date.now().toString(36);

/** The statements sent on the requests' pool while `recording` is set (the file's tests run one at a time). */
let recording: string[] | null = null;

type Queryable = { query: (...args: unknown[]) => unknown };
type Checkout = Queryable & { release: (...args: unknown[]) => unknown; held?: boolean; counted?: boolean };

beforeAll(async () => {
  const pool = t.database.pool as unknown as Queryable & { connect: (...args: unknown[]) => unknown };
  const record = (statement: unknown) => {
    const text = typeof statement === 'string' ? statement : (statement as { text?: string }).text;
    recording?.push(String(text));
  };
  const query = pool.query.bind(pool);
  pool.query = (...args: unknown[]) => {
    record(args[0]);
    return query(...args);
  };
  // A transaction holds a connection (the promise form of connect): its statements go to it. The
  // pool's own query checks one out with a callback, counted above.
  const connect = pool.connect.bind(pool);
  pool.connect = (...args: unknown[]) => {
    if (typeof args[0] === 'function') return connect(...args);
    return (connect() as Promise<Checkout>).then((client) => {
      if (!client.counted) {
        client.counted = true;
        const clientQuery = client.query.bind(client);
        client.query = (...a: unknown[]) => {
          if (client.held) record(a[0]);
          return clientQuery(...a);
        };
      }
      // Each checkout has a release of its own.
      const release = client.release.bind(client);
      client.release = (...a: unknown[]) => {
        client.held = false;
        return release(...a);
      };
      client.held = true;
      return client;
    });
  };
});

/** The statements on the service's tables (`cs_…`) that `run` sends, with what it answers. */
async function statementsOf<T>(run: () => Promise<T>): Promise<{ answer: T; statements: string[] }> {
  const all: string[] = [];
  recording = all;
  try {
    const answer = await run();
    return { answer, statements: all.filter((s) => /"?cs_[a-z_]+"?/.test(s)) };
  } finally {
    recording = null;
  }
}

const send = (id: number, openid: string, text: string) =>
  t.signedCall(t.key, 'POST', `/api/game/v1/cs/conversations/${id}/messages`, { openid, text });

describe('statements per player message', () => {
  it('costs one statement to send, one to read (and one to mark read), one to reply, one to list', async () => {
    const openid = `stm${tag}`;
    const opened = await t.signedCall(t.key, 'POST', '/api/game/v1/cs/conversations', { openid });
    const c = body<GameCsConversation>(opened).data;
    expect(body(await send(c.id, openid, '人工')).code).toBe(0);
    // The agent takes it with a first reply (the conversation's changes: a transaction of its own).
    expect(body(await admin.post(`/api/v1/cs/conversations/${c.id}/messages`, { text: 'hello' })).code).toBe(
      0,
    );
    const me = body<CsAgentState>(await admin.get('/api/v1/cs/agents/me')).data.user_id;

    // The player's send: the blacklist, the conversation and the message in one statement.
    const sent = await statementsOf(() => send(c.id, openid, `question ${tag}`));
    expect(body<{ list: GameCsMessage[] }>(sent.answer).data.list.map((m) => m.text)).toEqual([
      `question ${tag}`,
    ]);
    expect(sent.statements).toHaveLength(1);

    // The agent's read of what is new: the conversation with its messages, then the read mark.
    const read = await statementsOf(() => admin.get(`/api/v1/cs/conversations/${c.id}/messages?after=0`));
    const messages = body<{ list: CsMessage[] }>(read.answer).data.list;
    expect(messages.at(-1)).toMatchObject({ text: `question ${tag}`, author: 'player', read: true });
    expect(read.statements).toHaveLength(2);
    // Read again, nothing new to mark: one statement.
    const after = messages.at(-1)!.id;
    const again = await statementsOf(() =>
      admin.get(`/api/v1/cs/conversations/${c.id}/messages?after=${after}`),
    );
    expect(body<{ list: CsMessage[] }>(again.answer).data.list).toEqual([]);
    expect(again.statements).toHaveLength(1);

    // The queue's list: the page and its total in one statement.
    const listed = await statementsOf(() => admin.get('/api/v1/cs/conversations?queue=mine&page_size=100'));
    const page = body<{ list: CsConversation[]; total: number }>(listed.answer).data;
    expect(page.list.map((x) => x.id)).toContain(c.id);
    expect(page.list.every((x) => x.assignee_id === me)).toBe(true);
    expect(page.total).toBe(page.list.length);
    expect(listed.statements).toHaveLength(1);

    // The agent's reply: one statement.
    const replied = await statementsOf(() =>
      admin.post(`/api/v1/cs/conversations/${c.id}/messages`, { text: `answer ${tag}` }),
    );
    expect(body<CsMessage>(replied.answer).data.text).toBe(`answer ${tag}`);
    expect(replied.statements).toHaveLength(1);

    // The player's read: the conversation with its messages, then the read mark.
    const seen = await statementsOf(() =>
      t.signedCall(
        t.key,
        'GET',
        `/api/game/v1/cs/conversations/${c.id}/messages?openid=${openid}&after=${after}`,
      ),
    );
    const view = body<{ conversation: GameCsConversation; list: GameCsMessage[] }>(seen.answer).data;
    expect(view.conversation).toMatchObject({ id: c.id, state: 'open', with_agent: true });
    expect(view.list.map((m) => m.text)).toEqual([`answer ${tag}`]);
    expect(seen.statements).toHaveLength(2);
    // The agent's side now shows its reply read by the player.
    const staffView = body<{ list: CsMessage[] }>(
      await admin.get(`/api/v1/cs/conversations/${c.id}/messages?after=${after}`),
    ).data.list;
    expect(staffView.map((m) => [m.text, m.read])).toEqual([[`answer ${tag}`, true]]);
  });

  it('refuses a blacklisted player in the same one statement, adding nothing', async () => {
    const openid = `stb${tag}`;
    const c = body<GameCsConversation>(
      await t.signedCall(t.key, 'POST', '/api/game/v1/cs/conversations', { openid }),
    ).data;
    expect(body(await send(c.id, openid, 'human')).code).toBe(0);
    const before = await t.database.db.select().from(csMessages).where(eq(csMessages.conversationId, c.id));
    const made = await admin.post('/api/v1/cs-blacklist', { openid, reason: 'abuse' });
    expect(body(made).code).toBe(0);

    const refused = await statementsOf(() => send(c.id, openid, 'still here'));
    expect(body(refused.answer)).toMatchObject({ code: 422001, msg: expect.stringContaining('黑名单') });
    expect(refused.statements).toHaveLength(1);
    const now = await t.database.db.select().from(csMessages).where(eq(csMessages.conversationId, c.id));
    expect(now).toEqual(before);
    // Another player's conversation stays theirs: not found, whoever is blacklisted.
    expect(body(await send(c.id, `other${tag}`, 'hi')).code).toBe(404001);
  });
});

describe("the queues' list statements", () => {
  it('search openid and nickname literally, filter by state, and count past the last page', async () => {
    const openOne = async (suffix: string, nickname: string) =>
      body<GameCsConversation>(
        await t.signedCall(t.key, 'POST', '/api/game/v1/cs/conversations', {
          openid: `lq${tag}_${suffix}`,
          nickname,
        }),
      ).data;
    const a = await openOne('a', `Nick${tag}`);
    const b = await openOne('b', 'someone');
    const c = await openOne('c', `x%y${tag}`);
    // b asks for a person: open (whoever takes it), a and c stay with the bot.
    expect(body(await send(b.id, `lq${tag}_b`, '人工')).code).toBe(0);
    const list = async (query: string) => {
      const res = await admin.get(`/api/v1/cs/conversations?queue=all&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return body<{ list: CsConversation[]; total: number }>(res).data;
    };
    const ids = (page: { list: CsConversation[] }) => page.list.map((x) => x.id).sort((m, n) => m - n);

    const all = await list(`q=lq${tag}&page_size=100`);
    expect(ids(all)).toEqual([a.id, b.id, c.id].sort((m, n) => m - n));
    expect(all.total).toBe(3);
    expect(ids(await list(`q=Nick${tag}`))).toEqual([a.id]);
    // `%` and `_` are the text itself, not patterns.
    expect(ids(await list(`q=${encodeURIComponent(`x%y${tag}`)}`))).toEqual([c.id]);
    expect(await list(`q=${encodeURIComponent(`x_y${tag}`)}`)).toEqual({ list: [], total: 0 });

    expect(ids(await list(`q=lq${tag}&state=pending`))).toEqual([a.id, c.id].sort((m, n) => m - n));
    expect(ids(await list(`q=lq${tag}&state=open`))).toEqual([b.id]);
    // Pages: the second of two a page holds one; past the last, no row carries the total.
    expect(await list(`q=lq${tag}&page=2&page_size=2`)).toMatchObject({
      total: 3,
      list: [expect.anything()],
    });
    const past = await statementsOf(() => list(`q=lq${tag}&page=3&page_size=2`));
    expect(past.answer).toEqual({ list: [], total: 3 });
    expect(past.statements).toHaveLength(2);
  });
});
