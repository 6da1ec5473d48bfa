import { afterAll, beforeAll } from 'vitest';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { GameApiKeyCreated } from '@rx/contracts';
import { createTestApp, signInAs, type TestContext, type UserInfoLike } from './helpers.ts';
import {
  adminOf,
  channelIdOf,
  client,
  logsOf,
  productIdOf,
  rowCount,
  signIn,
  staffWith,
  type Client,
} from './api.ts';
import { newGameKey, signedCall } from './game.ts';

export interface TestAppOptions {
  /** How the file's app starts (createTestApp's options); a function is called when it starts. */
  app?: Parameters<typeof createTestApp>[0] | (() => Parameters<typeof createTestApp>[0]);
  /** The demo staff member `admin` is (default `admin`); null: the file signs in by itself. */
  as?: string | null;
  /** The game `admin` works in (default the domestic demo game `xianxia`); null: none (CP-wide resources). */
  product?: string | null;
  /** A game API key of that game, `t.key`, made once `admin` has signed in, with this note (true: `test`). */
  gameKey?: string | true;
  /** With `gameKey`: `admin` in the demo game tankwar too, `t.tank`, and a key of that game, `t.tankKey`. */
  tankwar?: boolean;
}

/**
 * One test file's app (its own database) and the staff member it works as, with the helpers that
 * need them. Everything is there once the file's first `beforeAll` has run; the app closes after
 * the file's tests.
 */
export interface TestApp extends TestContext {
  /** The staff member the file works as, signed in, on its game. */
  readonly admin: Client;
  /** What that staff member's sign-in answered (their id and tokens). */
  readonly user: UserInfoLike;
  /** The id of the game `admin` works in. */
  readonly productId: number;
  /** The file's game API key (the option `gameKey`). */
  readonly key: GameApiKeyCreated;
  /** `admin` in tankwar, and a game API key of tankwar (the option `tankwar`). */
  readonly tank: Client;
  readonly tankKey: GameApiKeyCreated;
  signIn(username: string, productCode?: string): Promise<Client>;
  /** Calls with a token, in the game `productId` (none: no game). */
  client(token: string, productId?: number): Client;
  /** A new staff member holding exactly `permissions` (of the CP of `cpOf`), signed in on the file's game or `productCode`. */
  staff(permissions: string[], productCode?: string | null, cpOf?: string): Promise<Client>;
  staffWith(permissions: string[], cpOf?: string): Promise<string>;
  adminOf(cpOf: string): Promise<string>;
  productIdOf(code: string): Promise<number>;
  /** The id of the channel `code` of the file's game (or of `productCode`). */
  channelOf(code: string, productCode?: string): Promise<number>;
  logsOf(targetType: string, targetId: number | string): ReturnType<typeof logsOf>;
  rowCount(table: PgTable): Promise<number>;
  /** A new game API key of the product of `staff` (default `admin`'s). */
  gameKey(staff?: Client, note?: string): Promise<GameApiKeyCreated>;
  /** A request signed with `key`, as a game server sends it. */
  signedCall(
    key: Pick<GameApiKeyCreated, 'key_id' | 'secret'>,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ): ReturnType<typeof signedCall>;
}

/** Registers the file's `beforeAll` (app up, `admin` signed in) and `afterAll` (app closed). */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const username = options.as === undefined ? 'admin' : options.as;
  const productCode = options.product === undefined ? 'xianxia' : options.product;
  let context: TestContext | undefined;
  let signedIn: { admin: Client; user: UserInfoLike; productId: number } | undefined;
  let games: { key?: GameApiKeyCreated; tank?: Client; tankKey?: GameApiKeyCreated } = {};
  const started = () => {
    if (!context) throw new Error('the test app starts in beforeAll');
    return context;
  };
  const admin = () => {
    if (!signedIn) throw new Error(`no one signed in (as: ${String(username)})`);
    return signedIn;
  };
  const made = <T>(value: T | undefined, option: string): T => {
    if (value === undefined) throw new Error(`no ${option} (an option of useTestApp), or before beforeAll`);
    return value;
  };
  const t: TestApp = {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
    // Resolved at each call, so `const api = t.admin` may be written before the app starts.
    admin: new Proxy({} as Client, { get: (_, method: keyof Client) => admin().admin[method] }),
    get user() {
      return admin().user;
    },
    get productId() {
      if (!productCode) throw new Error('the file works in no game');
      return admin().productId;
    },
    get key() {
      return made(games.key, 'gameKey');
    },
    get tank() {
      return made(games.tank, 'tankwar');
    },
    get tankKey() {
      return made(games.tankKey, 'tankwar');
    },
    signIn: (name, code) => signIn(t, name, code),
    client: (token, productId) => client(t, token, productId),
    staff: async (permissions, code = productCode, cpOf) =>
      signIn(t, await staffWith(t, permissions, cpOf), code ?? undefined),
    staffWith: (permissions, cpOf) => staffWith(t, permissions, cpOf),
    adminOf: (cpOf) => adminOf(t, cpOf),
    productIdOf: (code) => productIdOf(t, code),
    channelOf: (code, product = productCode ?? undefined) => {
      if (!product) throw new Error(`channel ${code} of which game?`);
      return channelIdOf(t, product, code);
    },
    logsOf: (targetType, targetId) => logsOf(t, targetType, targetId),
    rowCount: (table) => rowCount(t, table),
    gameKey: (staff = t.admin, note) => newGameKey(staff, note),
    signedCall: (key, method, url, payload) => signedCall(t, key, method, url, payload),
  };
  beforeAll(async () => {
    context = await createTestApp(typeof options.app === 'function' ? options.app() : options.app);
    if (username === null) return;
    const { user } = await signInAs(context.app, username);
    const productId = productCode ? await productIdOf(context, productCode) : 0;
    signedIn = { admin: client(context, user.access_token, productId || undefined), user, productId };
    if (options.gameKey === undefined) return;
    const note = options.gameKey === true ? undefined : options.gameKey;
    const tank = options.tankwar
      ? client(context, user.access_token, await productIdOf(context, 'tankwar'))
      : undefined;
    games = {
      key: await newGameKey(signedIn.admin, note),
      tank,
      tankKey: tank && (await newGameKey(tank, note)),
    };
  });
  afterAll(async () => {
    await context?.app.close();
  });
  return t;
}
