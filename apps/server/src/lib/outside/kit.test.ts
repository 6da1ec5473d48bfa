import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/index.ts';
import { outsideTokens } from '../../db/outside.ts';
import { secretBox } from '../secret-box.ts';
import { runAttempts, type AttemptRecord, type CallPolicy } from './attempts.ts';
import { redact } from './call-log.ts';
import { OutsideError, retryAfterSeconds } from './errors.ts';
import { hangUntil } from './fake.ts';
import { TokenStore, type TokenGrant } from './tokens.ts';

const policy = (change: Partial<CallPolicy> = {}): CallPolicy => ({
  timeoutMs: 5000,
  attempts: 3,
  backoffMs: 0,
  maxWaitMs: 2000,
  retryOn: ['rate_limited', 'unavailable', 'timeout'],
  ...change,
});

/** Runs attempts that answer the given outcomes in turn (an OutsideError, or a value). */
async function run(p: CallPolicy, outcomes: (OutsideError | string)[]) {
  const records: AttemptRecord[] = [];
  const keys: string[] = [];
  let result: unknown;
  try {
    result = await runAttempts(
      p,
      'key-1',
      async (a) => {
        keys.push(a.idempotencyKey);
        const next = outcomes.shift()!;
        if (next instanceof OutsideError) throw next;
        return { value: next, httpStatus: 200 };
      },
      (r) => records.push(r),
    );
  } catch (error) {
    result = error;
  }
  return { result, records, keys };
}

describe('attempts', () => {
  it('retries what is worth it with the same key, and honours a short Retry-After', async () => {
    const limited = new OutsideError('rate_limited', '429', { status: 429, retryAfter: 0 });
    const down = new OutsideError('unavailable', '503', { status: 503 });
    const { result, records, keys } = await run(policy(), [limited, down, 'done']);
    expect(result).toBe('done');
    expect(records.map((r) => [r.attempt, r.status, r.httpStatus])).toEqual([
      [1, 'rate_limited', 429],
      [2, 'unavailable', 503],
      [3, 'ok', 200],
    ]);
    expect(new Set(keys)).toEqual(new Set(['key-1']));
  });

  it('does not wait out a Retry-After longer than it may, nor retry a refusal; it stops after the last attempt', async () => {
    const long = await run(policy(), [
      new OutsideError('rate_limited', '429', { retryAfter: 3600 }),
      'never',
    ]);
    expect(long.records).toHaveLength(1);
    expect((long.result as OutsideError).retryAfter).toBe(3600);
    const refused = await run(policy(), [new OutsideError('refused', '400'), 'never']);
    expect((refused.result as OutsideError).kind).toBe('refused');
    expect(refused.records).toHaveLength(1);
    const down = new OutsideError('unavailable', '503');
    const last = await run(policy({ attempts: 2 }), [down, down, 'never']);
    expect(last.records.map((r) => r.status)).toEqual(['unavailable', 'unavailable']);
  });

  it('abandons an attempt at its timeout, aborting its signal', async () => {
    let aborted = false;
    const error = await runAttempts(
      policy({ timeoutMs: 20, attempts: 1 }),
      'k',
      async (a) => {
        a.signal.addEventListener('abort', () => (aborted = true));
        return hangUntil(a.signal);
      },
      () => undefined,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(aborted).toBe(true);
  });
});

describe('Retry-After', () => {
  it('reads seconds or an HTTP date', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('soon')).toBeUndefined();
    expect(retryAfterSeconds(null)).toBeUndefined();
  });
});

describe('redact', () => {
  it('masks known secrets and secret-shaped strings, keeping the rest', () => {
    const text = redact(
      'key sk_live_abc123XYZ refused; Authorization: Bearer ya29.token-value; {"access_token":"at-1","note":"ok"}; ' +
        'assertion=eyJhbGci.eyJpc3Mi.c2ln; hook whsec_Zm9vYmFy; mine: hunter2-secret',
      ['hunter2-secret'],
    );
    for (const gone of [
      'sk_live_abc123XYZ',
      'ya29.token-value',
      'at-1',
      'eyJhbGci',
      'whsec_Zm9vYmFy',
      'hunter2-secret',
    ])
      expect(text).not.toContain(gone);
    expect(text).toContain('"note":"ok"');
    expect(text).toContain('"access_token":"[redacted]"');
    expect(redact('x'.repeat(2000))).toHaveLength(500);
  });
});

describe('secret box', () => {
  it('opens what it sealed, and nothing sealed for another purpose or key', () => {
    const box = secretBox('server-secret', 'outside-party-credentials');
    const sealed = box.seal('value');
    expect(sealed).not.toContain('value');
    expect(box.open(sealed)).toBe('value');
    expect(secretBox('server-secret').open(sealed)).toBeNull();
    expect(secretBox('other-secret', 'outside-party-credentials').open(sealed)).toBeNull();
  });
});

describe('token store', () => {
  let database: Database;
  beforeAll(async () => {
    database = await emptyDatabase();
  });
  afterAll(() => database.close());

  it('uses a stored grant until it is about to expire, then renews it with the refresh token held (rotated)', async () => {
    const tokens = new TokenStore(secretBox('server-secret', 'outside-party-credentials'));
    const { db } = database;
    const key = { productId: 1, party: 'ads', account: 'advertiser-9' };
    const asked: (string | null)[] = [];
    const grants: TokenGrant[] = [
      { accessToken: 'access-two', refreshToken: 'refresh-two', expiresAt: new Date(Date.now() + 3600_000) },
      {
        accessToken: 'access-three',
        refreshToken: 'refresh-three',
        expiresAt: new Date(Date.now() + 3600_000),
      },
    ];
    const obtain = async (held: { refreshToken: string | null }) => {
      asked.push(held.refreshToken);
      return grants.shift()!;
    };
    // An authorisation code exchanged for tokens: used as it is, without asking again.
    await tokens.put(db, key, {
      accessToken: 'access-one',
      refreshToken: 'refresh-one',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    expect(await tokens.get(db, key, obtain)).toBe('access-one');
    expect(asked).toEqual([]);
    // Another account's token is its own.
    await tokens.put(
      db,
      { ...key, account: 'advertiser-10' },
      { accessToken: 'other', expiresAt: new Date(Date.now() + 3600_000) },
    );
    expect(await tokens.get(db, key, obtain)).toBe('access-one');

    // About to expire: renewed with the refresh token held; the new refresh token is kept.
    await tokens.put(db, key, {
      accessToken: 'access-one',
      refreshToken: 'refresh-one',
      expiresAt: new Date(Date.now() + 30_000),
    });
    expect(await tokens.get(db, key, obtain)).toBe('access-two');
    // Refused by the provider: dropped (an older token dropped late changes nothing), renewed with the rotated refresh token.
    await tokens.drop(db, key, 'access-one');
    expect(await tokens.get(db, key, obtain)).toBe('access-two');
    await tokens.drop(db, key, 'access-two');
    expect(await tokens.get(db, key, obtain)).toBe('access-three');
    expect(asked).toEqual(['refresh-one', 'refresh-two']);
    // A renewal window: a token lapsing within it is renewed ahead of time, a later one is kept.
    grants.push({ accessToken: 'access-four', expiresAt: new Date(Date.now() + 7200_000) });
    expect(await tokens.get(db, key, obtain, 600_000)).toBe('access-three');
    expect(await tokens.get(db, key, obtain, 3 * 3600_000)).toBe('access-four');
    expect(await tokens.get(db, key, obtain, 600_000)).toBe('access-four');
    expect(asked).toEqual(['refresh-one', 'refresh-two', 'refresh-three']);
    const rows = await db.select().from(outsideTokens);
    expect(JSON.stringify(rows)).not.toMatch(/access-|refresh-/);
  });
});
