import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { OutsidePartyContract } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { DEFAULT_POLICY, runAttempts, type Answer, type Attempt, type CallPolicy } from './attempts.ts';
import { isOutsideError } from './errors.ts';
import { httpAttempt, type HttpAnswer, type HttpRequest } from './http.ts';
import type { CallEntry } from './call-log.ts';
import type { ObtainToken, TokenStore } from './tokens.ts';

/**
 * What an adapter is built with: whose it is, its settings and credentials, and the kit's services
 * bound to them — every call it makes goes through `call` (or `http`), which times it out, retries it
 * by the operation's policy and writes the call log.
 */
export interface PartyContext<S> {
  readonly party: string;
  readonly mode: 'fake' | 'real';
  readonly cpId: number;
  readonly productId: number;
  /** The sub-account (an advertiser account) the adapter works for; '' for the game itself. */
  readonly account: string;
  readonly settings: S;
  /** The opened credentials (never logged: every value is taken out of the call log's errors). */
  readonly credentials: Readonly<Record<string, string>>;
  /** A provider's documented address, or where this server was told it lives (tests' stand-ins). */
  endpoint(documented: string): string;
  /** Runs one operation's attempts (timeout, retries, call log); the key is the same for each attempt. */
  call<T>(
    operation: string,
    attempt: (a: Attempt) => Promise<Answer<T>>,
    options?: { idempotencyKey?: string },
  ): Promise<T>;
  /** `call` over HTTP: a 2xx answers; other statuses fail as their kind (lib/outside/http.ts). */
  http(
    operation: string,
    request: HttpRequest | ((a: Attempt) => HttpRequest),
    options?: { idempotencyKey?: string; idempotencyHeader?: string },
  ): Promise<HttpAnswer>;
  /**
   * A usable access token for this party and account, obtained once across instances when needed;
   * `renewWithinMs`: renewed now if it lapses within that time (a refresh ahead of expiry).
   */
  token(obtain: ObtainToken, options?: { renewWithinMs?: number }): Promise<string>;
  /**
   * Runs `use` with a token; when the provider refuses it as expired (`token_expired`), forgets it,
   * obtains a new one and runs `use` once more.
   */
  authorized<T>(obtain: ObtainToken, use: (token: string) => Promise<T>): Promise<T>;
  /** A further value the call log must never show (e.g. a token the adapter derived). */
  secret(value: string): void;
}

/** What the kit offers a context: the call log, the token store and the provider addresses. */
export interface PartyServices {
  record(entry: CallEntry, secrets: Iterable<string>): void;
  tokens: Pick<TokenStore, 'get' | 'drop'>;
  endpoints: Readonly<Record<string, string>>;
}

export type SettingsOf<C extends OutsidePartyContract> = z.output<C['settings']>;

/**
 * A kind of outside party, declared once: its contract (name, settings schema, credentials,
 * operations — in packages/contracts), each operation's call policy, the real implementation over
 * the provider's protocol and the deterministic fake (with `resetFake` putting its shared state back
 * before each test file).
 */
export interface PartyDefinition<A, C extends OutsidePartyContract = OutsidePartyContract> {
  contract: C;
  /** Per operation, what differs from the kit's default (`DEFAULT_POLICY`, attempts.ts); `'*'` for all of them. */
  policies?: Readonly<Record<string, Partial<CallPolicy>>>;
  real(ctx: PartyContext<SettingsOf<C>>): A;
  fake(ctx: PartyContext<Partial<SettingsOf<C>>>): A;
  resetFake(): void;
}

const registry = new Map<string, PartyDefinition<unknown>>();
/** Policies tests lower (a timeout of 50 ms), per party and operation; put back by `resetOutsideParties`. */
const overrides = new Map<string, Partial<CallPolicy>>();

export function defineParty<A, C extends OutsidePartyContract>(
  definition: PartyDefinition<A, C>,
): PartyDefinition<A, C> {
  registry.set(definition.contract.name, definition as unknown as PartyDefinition<unknown>);
  return definition;
}

/** Changes a party's call policy in this process (tests); `operation` '*' for all of its operations. */
export function setPartyPolicy(party: string, operation: string, policy: Partial<CallPolicy>): void {
  const key = `${party}:${operation}`;
  overrides.set(key, { ...overrides.get(key), ...policy });
}

/** Every fake back to its first state and every policy to its declared one (each API test file starts so). */
export function resetOutsideParties(): void {
  for (const definition of registry.values()) definition.resetFake();
  overrides.clear();
}

function policyOf(definition: PartyDefinition<unknown>, operation: string): CallPolicy {
  const name = definition.contract.name;
  return {
    ...DEFAULT_POLICY,
    ...definition.policies?.['*'],
    ...definition.policies?.[operation],
    ...overrides.get(`${name}:*`),
    ...overrides.get(`${name}:${operation}`),
  };
}

/**
 * How long `authorized` reuses the token it read (the store renews a token a minute before it
 * lapses, so one read this long ago is still good; a provider refusing it renews it at once).
 */
const HOLD_TOKEN_MS = 20_000;

/** Builds the context an adapter of `definition` works in. */
export function partyContext<S>(
  services: PartyServices,
  definition: PartyDefinition<unknown>,
  db: Db,
  who: {
    mode: 'fake' | 'real';
    cpId: number;
    productId: number;
    account: string;
    settings: S;
    credentials: Record<string, string>;
  },
): PartyContext<S> {
  const party = definition.contract.name;
  const secrets = new Set(Object.values(who.credentials));
  const key = { productId: who.productId, party, account: who.account };
  let held: { token: Promise<string>; until: number } | null = null;
  const context: PartyContext<S> = {
    party,
    ...who,
    endpoint: (documented) => services.endpoints[documented] ?? documented,
    call(operation, attempt, options) {
      return runAttempts(
        policyOf(definition, operation),
        options?.idempotencyKey ?? randomUUID(),
        attempt,
        (r) =>
          services.record(
            {
              cpId: who.cpId,
              productId: who.productId,
              party,
              account: who.account,
              operation,
              mode: who.mode,
              ...r,
            },
            secrets,
          ),
      );
    },
    http(operation, request, options) {
      return context.call(
        operation,
        (a) =>
          httpAttempt(typeof request === 'function' ? request(a) : request, a, options?.idempotencyHeader),
        options,
      );
    },
    async token(obtain, options) {
      const token = await services.tokens.get(db, key, obtain, options?.renewWithinMs);
      secrets.add(token);
      return token;
    },
    async authorized(obtain, use) {
      // The token of the context's last call while it is good (read once for a burst of calls on
      // one adapter, e.g. a push batch's sends, instead of once a call); a refusal forgets it.
      const now = Date.now();
      if (!held || held.until <= now) {
        const reading = context.token(obtain);
        held = { token: reading, until: now + HOLD_TOKEN_MS };
        reading.catch(() => {
          if (held?.token === reading) held = null;
        });
      }
      const token = await held.token;
      try {
        return await use(token);
      } catch (error) {
        if (!isOutsideError(error, 'token_expired')) throw error;
        if (held && (await held.token.catch(() => null)) === token) held = null;
        await services.tokens.drop(db, key, token);
        const renewed = await context.token(obtain);
        held = { token: Promise.resolve(renewed), until: Date.now() + HOLD_TOKEN_MS };
        return use(renewed);
      }
    },
    secret(value) {
      secrets.add(value);
    },
  };
  return context;
}
