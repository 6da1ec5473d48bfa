import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OutsideMode } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { outsideParties } from '../../db/outside.ts';
import { products } from '../../db/schema.ts';
import type { SecretBox } from '../secret-box.ts';
import { CallLog } from './call-log.ts';
import { OutsideError } from './errors.ts';
import { partyContext, type PartyDefinition } from './party.ts';
import { TokenStore } from './tokens.ts';

export interface OutsideOptions {
  db: Db;
  /** Seals credentials and tokens (CREDENTIALS_SECRET). */
  box: SecretBox;
  log: FastifyBaseLogger;
  /** What a game without a saved choice runs on: the fakes with demo data, else nothing (`off`). */
  unset: 'fake' | 'off';
  /** Providers' documented addresses → where they are reached instead (tests' local stand-ins). */
  endpoints?: Readonly<Record<string, string>>;
}

/** A game's choice for a party as stored, with the game's CP. */
export interface PartyChoice {
  cpId: number;
  mode: OutsideMode;
  /** False when nothing is saved (the server's default applies). */
  saved: boolean;
  settings: Record<string, string>;
  credentials: Record<string, string>;
  version: number;
  updatedBy: string;
  updatedAt: Date | null;
}

/**
 * The outside-party kit of one server instance (`app.outside`): it resolves the adapter a game
 * uses for a party (its choice: off, fake or real), and holds the call log and token store.
 */
export class Outside {
  readonly calls: CallLog;
  readonly tokens: TokenStore;

  constructor(private readonly options: OutsideOptions) {
    this.calls = new CallLog(options.db, options.log);
    this.tokens = new TokenStore(options.box);
  }

  /** The game's choice for `party`; null when there is no such game. */
  async choice(db: Db, party: string, productId: number): Promise<PartyChoice | null> {
    const [row] = await db
      .select({ cpId: products.cpId, saved: outsideParties })
      .from(products)
      .leftJoin(
        outsideParties,
        and(eq(outsideParties.productId, products.id), eq(outsideParties.party, party)),
      )
      .where(eq(products.id, productId));
    if (!row) return null;
    const saved = row.saved;
    return {
      cpId: row.cpId,
      mode: saved?.mode ?? this.options.unset,
      saved: !!saved,
      settings: saved?.settings ?? {},
      credentials: saved ? this.openCredentials(saved.credentials, party) : {},
      version: saved?.version ?? 0,
      updatedBy: saved?.updatedBy ?? '',
      updatedAt: saved?.updatedAt ?? null,
    };
  }

  sealCredentials(values: Record<string, string>): string {
    return Object.keys(values).length ? this.options.box.seal(JSON.stringify(values)) : '';
  }

  private openCredentials(sealed: string, party: string): Record<string, string> {
    if (!sealed) return {};
    const plain = this.options.box.open(sealed);
    if (plain === null) {
      // Sealed under another CREDENTIALS_SECRET: as if unset (staff enter them again).
      this.options.log.warn(
        { party },
        'outside party credentials cannot be opened (CREDENTIALS_SECRET changed?)',
      );
      return {};
    }
    return JSON.parse(plain) as Record<string, string>;
  }

  async modeOf(db: Db, party: string, productId: number): Promise<OutsideMode> {
    return (await this.choice(db, party, productId))?.mode ?? 'off';
  }

  /**
   * The adapter `definition` gives for the game: the fake or the real one by the game's choice, or
   * the one `options.mode` names (e.g. to refund an order paid through the fake after the game
   * moved to the real provider). `db` is the caller's executor: pass the transaction you are in.
   * Throws `not_set_up` when the game has the party off, or a real one lacks settings.
   */
  async open<A>(
    db: Db,
    definition: PartyDefinition<A>,
    productId: number,
    options: { account?: string; mode?: 'fake' | 'real' } = {},
  ): Promise<A> {
    const name = definition.contract.name;
    const choice = await this.choice(db, name, productId);
    const mode = options.mode ?? choice?.mode ?? 'off';
    if (!choice || mode === 'off')
      throw new OutsideError('not_set_up', `${name} is not set up for this game`);
    const services = {
      record: this.calls.record.bind(this.calls),
      tokens: this.tokens,
      endpoints: this.options.endpoints ?? {},
    };
    const who = {
      mode,
      cpId: choice.cpId,
      productId,
      account: options.account ?? '',
      credentials: choice.credentials,
    };
    if (mode === 'fake')
      return definition.fake(partyContext(services, definition, db, { ...who, settings: choice.settings }));
    const settings = definition.contract.settings.safeParse(choice.settings);
    const missing = definition.contract.credentials.filter((c) => !choice.credentials[c]);
    if (!settings.success || missing.length)
      throw new OutsideError(
        'not_set_up',
        `${name} lacks its settings or credentials (${missing.join(', ')})`,
      );
    return definition.real(partyContext(services, definition, db, { ...who, settings: settings.data }));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outside-party kit of this instance (lib/outside). */
    outside: Outside;
  }
}
