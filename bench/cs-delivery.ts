// Customer-service message delivery across two server instances on one PostgreSQL and one Redis,
// printing, for BENCH_CS_PLAYERS simulated players (200) and BENCH_CS_AGENTS agents (20):
//  - send → agent's screen: from a player's POST of a message to instance A until the agent whose
//    console is connected to instance B has heard of it on the live WebSocket and read it through B;
//  - agent's answer → player's screen: from the agent's POST through B until the player's WebSocket
//    on A (`/api/game/v1/cs/conversations/:id/live`, signed) pushes it; with BENCH_CS_PLAYER=poll
//    the player reads `?after=` every BENCH_CS_POLL_MS (100 ms) instead, as before the socket;
//  - round trip: from the player's send until the agent's answer is on the player's screen;
//  - messages per second delivered (players' and agents' together) over the run, and errors;
//  - live `cs` events the agents' consoles received per player message during the run (each console
//    says what it shows, as the workbench does: its own queue), a figure the machine's load leaves be.
// Each player sends BENCH_CS_ROUNDS messages (5), one at a time, BENCH_CS_THINK_MS (1,000 ms, ±50%)
// apart. This process only drives HTTP and WebSockets; the two servers are processes of their own.
// Usage: DATABASE_URL=postgres://… REDIS_URL=redis://… npx tsx bench/cs-delivery.ts
//   (defaults: postgres://postgres@127.0.0.1:5432/postgres and redis://127.0.0.1:6379; the build's
//   server when apps/server/dist exists, else the TypeScript through tsx). Not part of npm test.
import fs from 'node:fs';
import path from 'node:path';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';
import { gameStringToSign } from '@rx/contracts';
import { LIVE_PROTOCOL } from '../apps/server/src/modules/live/index.ts';
import { benchTarget, machine, percentile, signIn, startServer } from './support.ts';

const PLAYERS = Number(process.env.BENCH_CS_PLAYERS ?? 200);
const AGENTS = Number(process.env.BENCH_CS_AGENTS ?? 20);
const ROUNDS = Number(process.env.BENCH_CS_ROUNDS ?? 5);
const THINK_MS = Number(process.env.BENCH_CS_THINK_MS ?? 1000);
const POLL_MS = Number(process.env.BENCH_CS_POLL_MS ?? 100);
const PLAYER_MODE = process.env.BENCH_CS_PLAYER === 'poll' ? 'poll' : 'ws';
process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

interface WsClient {
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (
  url: string,
  protocols: string[],
  options?: { headers?: Record<string, string> },
) => WsClient;
type Answer<T> = { code: number; message?: string; data: T };
type Message = { id: number; author: string; text: string };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const target = await benchTarget('cs');
const dist = fs.existsSync(path.resolve(import.meta.dirname, '../apps/server/dist/server.js'));
const env = {
  ...target.env,
  REDIS_URL,
  DEMO_PLAYERS: '2000',
  RATE_LIMIT_CONSOLE: '1000000',
  RATE_LIMIT_GAME: '1000000',
  RATE_LIMIT_SIGN_IN: '100000',
};
// One after the other: the first migrates and seeds the new database.
const a = await startServer(env, { source: !dist, waitSeconds: 300 });
const b = await startServer(env, { source: !dist, waitSeconds: 120 });
const sockets: WsClient[] = [];
try {
  // ---- the agents: staff members like the demo cs_agent, online with room for their share
  const db = new pg.Client({ connectionString: target.env.DATABASE_URL });
  await db.connect();
  const { rows: model } = await db.query(
    `select u.id, u.cp_id, u.password_hash from users u where u.username = 'cs_agent'`,
  );
  const { rows: product } = await db.query(`select id from products where code = 'xianxia'`);
  const productId = product[0].id as number;
  const agentNames: string[] = [];
  for (let i = 0; i < AGENTS; i++) {
    const name = `bench_agent_${i}`;
    const { rows } = await db.query(
      `insert into users (cp_id, username, password_hash, is_modified_password) values ($1, $2, $3, 1) returning id`,
      [model[0].cp_id, name, model[0].password_hash],
    );
    await db.query(
      `insert into user_roles (user_id, role_id) select $1, role_id from user_roles where user_id = $2`,
      [rows[0].id, model[0].id],
    );
    await db.query(`insert into cs_agents (cp_id, user_id, status, capacity) values ($1, $2, 'online', $3)`, [
      model[0].cp_id,
      rows[0].id,
      Math.min(50, Math.ceil(PLAYERS / AGENTS) * 2),
    ]);
    agentNames.push(name);
  }
  await db.end();

  const staffCall = async <T>(base: string, token: string, method: string, url: string, body?: unknown) => {
    const res = await fetch(base + url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-product-id': String(productId),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Answer<T>;
  };
  const adminToken = await signIn(a.base);
  const key = (
    await staffCall<{ key_id: string; secret: string }>(a.base, adminToken, 'POST', '/api/v1/game-api-keys', {
      note: 'bench',
    })
  ).data;
  /** The signature headers of a game request (as a game server computes them). */
  const signed = (method: string, url: string, body?: string): Record<string, string> => {
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(12).toString('hex');
    const at = new URL(url, 'http://game.example');
    const signature = createHmac('sha256', key.secret)
      .update(
        gameStringToSign({
          method,
          path: at.pathname,
          params: at.searchParams,
          timestamp: ts,
          nonce,
          bodySha256: createHash('sha256')
            .update(body ?? '')
            .digest('hex'),
        }),
      )
      .digest('hex');
    return {
      'x-key-id': key.key_id,
      'x-timestamp': ts,
      'x-nonce': nonce,
      'x-signature': signature,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    };
  };
  let errors = 0;
  let finished = false;
  const game = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const res = await fetch(a.base + url, { method, headers: signed(method, url, body), body });
    const answer = (await res.json()) as Answer<T>;
    if (answer.code !== 0) {
      errors++;
      throw new Error(`${method} ${url}: ${answer.code} ${answer.message ?? ''}`);
    }
    return answer.data;
  };
  const { data: settings } = await staffCall<Record<string, unknown>>(
    a.base,
    adminToken,
    'GET',
    '/api/v1/cs/settings',
  );
  // Open round the clock, so that the bot hands off without the offline message.
  const { updated_at: _u, ...current } = settings;
  await staffCall(a.base, adminToken, 'PUT', '/api/v1/cs/settings', {
    ...current,
    hours: Array.from({ length: 7 }, () => ({ open: true, from: '00:00', to: '24:00' })),
  });

  // ---- each agent's console on B: the live socket; on a message notice it reads and answers
  const sentAt = new Map<number, number>();
  /** When each conversation's agent sent its last answer. */
  const answeredAt = new Map<number, number>();
  const toScreen: number[] = [];
  const toPlayer: number[] = [];
  let delivered = 0;
  /** During the run: `cs` events the agents' consoles heard, and the players' messages sent. */
  let counting = false;
  let csEvents = 0;
  let playerSends = 0;
  const conversationsOf = new Map<number, string>();
  const tokens = new Map<string, string>();
  for (const name of agentNames) {
    const token = await signIn(b.base, name);
    tokens.set(name, token);
    const lastRead = new Map<number, number>();
    const busy = new Set<number>();
    /** Notices heard while that conversation was being read: read it again after (never one lost). */
    const again = new Set<number>();
    const read = async (conversation: number): Promise<void> => {
      if (busy.has(conversation)) {
        again.add(conversation);
        return;
      }
      busy.add(conversation);
      try {
        const after = lastRead.get(conversation) ?? 0;
        const { code, data } = await staffCall<{ list: Message[] }>(
          b.base,
          token,
          'GET',
          `/api/v1/cs/conversations/${conversation}/messages?after=${after}`,
        );
        if (code !== 0) {
          errors++;
          return;
        }
        const fromPlayer = data.list.filter((m) => m.author === 'player');
        if (data.list.length) lastRead.set(conversation, data.list.at(-1)!.id);
        const started = sentAt.get(conversation);
        if (!fromPlayer.length || started === undefined) return;
        sentAt.delete(conversation);
        toScreen.push(performance.now() - started);
        delivered += fromPlayer.length;
        answeredAt.set(conversation, performance.now());
        const sent = await staffCall(
          b.base,
          token,
          'POST',
          `/api/v1/cs/conversations/${conversation}/messages`,
          {
            text: `answer ${fromPlayer.at(-1)!.text}`,
          },
        );
        if (sent.code !== 0) errors++;
      } finally {
        busy.delete(conversation);
        if (again.delete(conversation))
          read(conversation).catch(() => {
            if (!finished) errors++;
          });
      }
    };
    const socket = new WebSocket(`${b.base.replace(/^http/, 'ws')}/api/v1/live`, [LIVE_PROTOCOL]);
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    /** This console's user (its `ready`): the notices of its own answers need no read. */
    let me = 0;
    socket.on('message', (raw) => {
      const m = JSON.parse(raw.toString()) as {
        type?: string;
        user_id?: number;
        topic?: string;
        data?: { conversation_id?: number; what?: string; by?: number };
      };
      if (m.type === 'ready' && !me) {
        // The workbench's watch: this console shows its own queue of the game.
        socket.send(
          JSON.stringify({ type: 'watch', topic: 'cs', watch: { product_id: productId, queue: 'mine' } }),
        );
      }
      if (m.type === 'ready') me = m.user_id ?? 0;
      if (counting && m.topic === 'cs') csEvents++;
      const id = m.data?.conversation_id;
      if (m.topic !== 'cs' || !id || conversationsOf.get(id) !== name) return;
      // A read failing once the run is over (the servers stopping) is no error of the run.
      if (m.data?.what === 'message' && (m.data.by === undefined || m.data.by !== me))
        read(id).catch(() => {
          if (!finished) errors++;
        });
    });
    socket.send(JSON.stringify({ type: 'auth', token }));
    await staffCall(b.base, token, 'PUT', '/api/v1/cs/agents/me/status', { status: 'online' });
  }

  // ---- the players open their conversations through A and ask for a person
  const players = Array.from({ length: PLAYERS }, (_, i) => `bench_player_${i}`);
  const opened: { openid: string; id: number }[] = [];
  for (let i = 0; i < players.length; i += 20) {
    opened.push(
      ...(await Promise.all(
        players.slice(i, i + 20).map(async (openid) => {
          const { id } = await game<{ id: number }>('POST', '/api/game/v1/cs/conversations', { openid });
          await game('POST', `/api/game/v1/cs/conversations/${id}/messages`, { openid, text: '人工' });
          return { openid, id };
        }),
      )),
    );
  }
  // Who holds which conversation (each agent's console reads its own queue).
  for (const name of agentNames) {
    const token = tokens.get(name)!;
    const { data } = await staffCall<{ list: { id: number }[] }>(
      b.base,
      token,
      'GET',
      '/api/v1/cs/conversations?queue=mine&page_size=100',
    );
    for (const c of data.list) conversationsOf.set(c.id, name);
  }
  const unassigned = opened.filter((c) => !conversationsOf.has(c.id)).length;

  // ---- the run
  const roundTrips: number[] = [];
  let lost = 0;
  const started = performance.now();
  counting = true;
  await Promise.all(
    opened
      .filter((c) => conversationsOf.has(c.id))
      .map(async ({ openid, id }) => {
        let after =
          (
            await game<{ list: Message[] }>(
              'GET',
              `/api/game/v1/cs/conversations/${id}/messages?openid=${openid}`,
            )
          ).list.at(-1)?.id ?? 0;
        // The player's socket on A: resolves `answered` when an agent's message is pushed.
        let answered: (() => void) | null = null;
        if (PLAYER_MODE === 'ws') {
          const url = `/api/game/v1/cs/conversations/${id}/live?openid=${openid}&after=${after}`;
          const socket = new WebSocket(`${a.base.replace(/^http/, 'ws')}${url}`, [], {
            headers: signed('GET', url),
          });
          sockets.push(socket);
          await new Promise<void>((resolve, reject) => {
            socket.on('open', resolve);
            socket.on('error', reject);
          });
          socket.on('message', (raw) => {
            const m = JSON.parse(raw.toString()) as { type: string; list?: Message[] };
            if (m.type === 'messages' && m.list?.some((x) => x.author === 'agent')) answered?.();
          });
        }
        for (let round = 0; round < ROUNDS; round++) {
          await sleep(THINK_MS * (0.5 + Math.random()));
          const t0 = performance.now();
          sentAt.set(id, t0);
          const back =
            PLAYER_MODE === 'ws'
              ? new Promise<boolean>((resolve) => {
                  const timer = setTimeout(() => resolve(false), 30_000);
                  answered = () => {
                    clearTimeout(timer);
                    answered = null;
                    resolve(true);
                  };
                })
              : null;
          let own: Message | undefined;
          try {
            const { list } = await game<{ list: Message[] }>(
              'POST',
              `/api/game/v1/cs/conversations/${id}/messages`,
              { openid, text: `${openid} #${round}` },
            );
            own = list.at(-1);
            playerSends++;
          } catch {
            lost++;
            continue;
          }
          after = Math.max(after, own?.id ?? 0);
          let arrived = false;
          if (back) arrived = await back;
          else {
            while (performance.now() - t0 <= 30_000) {
              await sleep(POLL_MS);
              const { list } = await game<{ list: Message[] }>(
                'GET',
                `/api/game/v1/cs/conversations/${id}/messages?openid=${openid}&after=${after}`,
              );
              if (list.length) after = list.at(-1)!.id;
              if (list.some((m) => m.author === 'agent')) {
                arrived = true;
                break;
              }
            }
          }
          if (!arrived) {
            lost++;
            continue;
          }
          const now = performance.now();
          roundTrips.push(now - t0);
          const answeredAtMs = answeredAt.get(id);
          if (answeredAtMs !== undefined) toPlayer.push(now - answeredAtMs);
          delivered++;
        }
      }),
  );
  finished = true;
  counting = false;
  const seconds = (performance.now() - started) / 1000;
  const ms = (list: number[], p: number) =>
    list.length
      ? percentile(
          [...list].sort((x, y) => x - y),
          p,
        ).toFixed(0)
      : '—';
  console.log(
    `cs delivery, two instances (${dist ? 'build' : 'tsx'}) on ${target.label} and Redis, ${PLAYERS} players, ` +
      `${AGENTS} agents, ${ROUNDS} messages each, ${THINK_MS} ms think time, players ${
        PLAYER_MODE === 'ws' ? 'on the WebSocket' : `polling every ${POLL_MS} ms`
      } (${machine()}):`,
  );
  console.log(
    `  player's send → agent's screen: p50 ${ms(toScreen, 50)} ms, p95 ${ms(toScreen, 95)} ms, p99 ${ms(toScreen, 99)} ms (${toScreen.length} messages)`,
  );
  console.log(
    `  agent's send → player's screen: p50 ${ms(toPlayer, 50)} ms, p95 ${ms(toPlayer, 95)} ms, p99 ${ms(toPlayer, 99)} ms (${toPlayer.length})`,
  );
  console.log(
    `  round trip (player → agent → player): p50 ${ms(roundTrips, 50)} ms, p95 ${ms(roundTrips, 95)} ms, p99 ${ms(roundTrips, 99)} ms (${roundTrips.length})`,
  );
  console.log(
    `  ${(delivered / seconds).toFixed(1)} messages/s delivered over ${seconds.toFixed(1)} s; ` +
      `${lost} answers not back within 30 s; ${errors} errors; ${unassigned} conversations left unassigned`,
  );
  console.log(
    `  live cs events to the ${AGENTS} agents' consoles: ${(csEvents / Math.max(1, playerSends)).toFixed(2)} per player message ` +
      `(${csEvents} events, ${playerSends} player messages, agents' answers included)`,
  );
} finally {
  for (const socket of sockets) socket.close();
  for (const { child } of [b, a]) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await target.drop();
}
