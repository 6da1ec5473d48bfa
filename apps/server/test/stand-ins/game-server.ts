import { createHmac, timingSafeEqual } from 'node:crypto';
import { startStandIn, type Received, type Reply, type StandIn } from './server.ts';

/**
 * A game server implementing docs/game-server-protocol.md as a game team would, from the document:
 * it checks the signature and the timestamp, applies each idempotency key once (a repeat answers
 * the first answer; the same key with another body is 409), keeps the players' balances (a
 * claw-back takes at most what a player holds) and delivers each order number once.
 */
export type GameOutcome = 'ok' | 'timeout' | 'rate_limit' | 'fail' | 'lost_answer';

interface Line {
  prop_id: number;
  quantity: number;
}
interface Currency {
  currency: string;
  amount: number;
}
interface Call {
  type: 'kick' | 'clawback' | 'deliver';
  idempotency_key: string;
  product_id: number;
  data: Record<string, unknown> & { openid: string };
}

export interface GameStandIn extends StandIn {
  /** What each player holds: `item:<prop id>` and `currency:<code>` → quantity. */
  balances: Map<string, Map<string, number>>;
  kicked: string[];
  /** Order numbers delivered. */
  delivered: Set<string>;
  /** Requests refused for their signature or time. */
  refused: Received[];
  /** Keys applied, with the body and answer of their first call. */
  applied: Map<string, { data: string; answer: unknown }>;
  /** The next requests' outcomes in turn (then `ok`). */
  plan(...outcomes: GameOutcome[]): void;
}

const WINDOW_SECONDS = 300;

function signatureHolds(secret: string, request: Received): boolean {
  const timestamp = String(request.headers['x-console-timestamp'] ?? '');
  const given = String(request.headers['x-console-signature'] ?? '');
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > WINDOW_SECONDS)
    return false;
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`;
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

export async function startGameServer(secret: string): Promise<GameStandIn> {
  const balances = new Map<string, Map<string, number>>();
  const kicked: string[] = [];
  const delivered = new Set<string>();
  const refused: Received[] = [];
  const applied = new Map<string, { data: string; answer: unknown }>();
  let queued: GameOutcome[] = [];

  const wallet = (openid: string) => {
    if (!balances.has(openid)) balances.set(openid, new Map());
    return balances.get(openid)!;
  };
  const take = (openid: string, slot: string, wanted: number) => {
    const held = wallet(openid).get(slot) ?? 0;
    const got = Math.min(held, wanted);
    wallet(openid).set(slot, held - got);
    return got;
  };
  const give = (openid: string, slot: string, n: number) =>
    wallet(openid).set(slot, (wallet(openid).get(slot) ?? 0) + n);

  function apply(call: Call): unknown {
    const { openid } = call.data;
    if (call.type === 'kick') {
      kicked.push(openid);
      return {};
    }
    const items = (call.data.items ?? []) as Line[];
    const currencies = (call.data.currencies ?? []) as Currency[];
    if (call.type === 'clawback') {
      const takenItems = items.map((i) => ({
        prop_id: i.prop_id,
        quantity: take(openid, `item:${i.prop_id}`, i.quantity),
      }));
      const takenCurrencies = currencies.map((c) => ({
        currency: c.currency,
        amount: take(openid, `currency:${c.currency}`, c.amount),
      }));
      return {
        taken: { items: takenItems, currencies: takenCurrencies },
        short: {
          items: items.map((i, n) => ({
            prop_id: i.prop_id,
            quantity: i.quantity - takenItems[n]!.quantity,
          })),
          currencies: currencies.map((c, n) => ({
            currency: c.currency,
            amount: c.amount - takenCurrencies[n]!.amount,
          })),
        },
      };
    }
    const orderNo = String(call.data.order_no);
    if (delivered.has(orderNo)) return { applied: false };
    delivered.add(orderNo);
    for (const i of items) give(openid, `item:${i.prop_id}`, i.quantity);
    for (const c of currencies) give(openid, `currency:${c.currency}`, c.amount);
    return { applied: true };
  }

  function handle(request: Received): Reply {
    if (request.method !== 'POST') return { status: 405 };
    if (!signatureHolds(secret, request)) {
      refused.push(request);
      return { status: 401, body: { error: 'bad_signature' } };
    }
    const call = JSON.parse(request.body) as Call;
    if (request.headers['idempotency-key'] !== call.idempotency_key)
      return { status: 400, body: { error: 'idempotency key header and body differ' } };
    const outcome = queued.shift() ?? 'ok';
    if (outcome === 'rate_limit')
      return { status: 429, headers: { 'retry-after': '1' }, body: { error: 'slow down' } };
    if (outcome === 'fail') return { status: 503, body: { error: 'maintenance' } };
    if (outcome === 'timeout') return { hang: true };
    const data = JSON.stringify(call.data);
    const before = applied.get(call.idempotency_key);
    if (before && before.data !== data)
      return { status: 409, body: { error: 'key reused with another body' } };
    const answer = before ? before.answer : apply(call);
    if (!before) applied.set(call.idempotency_key, { data, answer });
    return outcome === 'lost_answer' ? { hang: true } : { status: 200, body: answer };
  }

  const standIn = await startStandIn(handle);
  return {
    ...standIn,
    balances,
    kicked,
    delivered,
    refused,
    applied,
    plan: (...outcomes) => {
      queued = outcomes;
    },
  };
}
