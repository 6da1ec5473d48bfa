import type { FastifyBaseLogger } from 'fastify';
import type { OutsideCallStatus } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { insertMany } from '../../db/bulk-insert.ts';
import { outsideCalls } from '../../db/outside.ts';

/** One line of the call log, as the kit records it. */
export interface CallEntry {
  cpId: number;
  productId: number;
  party: string;
  account: string;
  operation: string;
  mode: 'fake' | 'real';
  status: OutsideCallStatus;
  httpStatus?: number;
  attempt: number;
  latencyMs: number;
  requestId?: string;
  idempotencyKey?: string;
  error?: string;
}

/** What an error text keeps at most (a provider's answer can be long). */
const MAX_ERROR = 500;
const MASK = '[redacted]';

/**
 * Shapes that are secrets whatever party sent them: bearer tokens, Stripe keys and webhook secrets,
 * PEM private keys and JWTs (masked whole)…
 */
const SECRET_SHAPES: RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi,
  /\b(sk|rk)_(live|test)_[A-Za-z0-9]+/g,
  /\bwhsec_[A-Za-z0-9+/=]+/g,
  /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
];
/** …and the values of token, key and password fields in JSON or form bodies (the name is kept). */
const SECRET_FIELDS =
  /("?(?:access_token|refresh_token|id_token|assertion|client_secret|private_key|secret|password)"?\s*[:=]\s*"?)[^"&,\s}]+/gi;

/**
 * The text with every known secret value and every secret-shaped string replaced, cut to a length
 * a log line can hold. Short values (under 6 characters) are not searched for: they would mask
 * ordinary words.
 */
export function redact(text: string, secrets: Iterable<string> = []): string {
  // Only the start can show (MAX_ERROR): bounded input keeps the patterns cheap.
  let out = text.slice(0, 8000);
  for (const secret of secrets) if (secret.length >= 6) out = out.split(secret).join(MASK);
  for (const shape of SECRET_SHAPES) out = out.replace(shape, MASK);
  out = out.replace(SECRET_FIELDS, (_, name: string) => `${name}${MASK}`);
  return out.length > MAX_ERROR ? `${out.slice(0, MAX_ERROR - 1)}…` : out;
}

/** What one statement of the call log writes at most (one array per column: `insertMany`). */
const FLUSH_ROWS = 1000;
/** How long a line waits for others before it is written (a burst of calls: one statement). */
const FLUSH_MS = 100;

/**
 * Writes the call log without making the caller wait, and without joining the caller's transaction:
 * a call made inside a transaction that then rolls back (a failed job item) is still logged. Lines
 * are gathered and written set-based: one INSERT … SELECT unnest per up to FLUSH_ROWS lines, at
 * most FLUSH_MS after the first of them (at once when that many wait), one statement at a time —
 * a fan-out of 200,000 pushes writes a few hundred statements, not 200,000, and never holds more
 * than one of the requests' connections. Each line keeps the moment of its call. A reader
 * (`settled`) and the app's close write what waits and wait for it.
 */
export class CallLog {
  private buffer: (typeof outsideCalls.$inferInsert)[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The statements being written, in turn (one at a time). */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(entry: CallEntry, secrets: Iterable<string> = []): void {
    this.buffer.push({
      cpId: entry.cpId,
      productId: entry.productId,
      party: entry.party,
      account: entry.account,
      operation: entry.operation,
      mode: entry.mode,
      status: entry.status,
      httpStatus: entry.httpStatus ?? null,
      attempt: entry.attempt,
      latencyMs: Math.max(0, Math.round(entry.latencyMs)),
      requestId: (entry.requestId ?? '').slice(0, 200),
      idempotencyKey: (entry.idempotencyKey ?? '').slice(0, 200),
      error: entry.error ? redact(entry.error, secrets) : '',
      createdAt: new Date(),
    });
    if (this.buffer.length >= FLUSH_ROWS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Writes the lines gathered so far (after the statements already under way). */
  private flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.buffer;
    if (!rows.length) return this.writing;
    this.buffer = [];
    this.writing = this.writing.then(() =>
      insertMany(this.db, outsideCalls, rows, { returning: false, chunk: FLUSH_ROWS }).then(
        () => undefined,
        (err: unknown) =>
          this.log.warn(
            { err, parties: [...new Set(rows.map((r) => r.party))], lines: rows.length },
            'outside call log not written',
          ),
      ),
    );
    return this.writing;
  }

  /** Resolves once every entry recorded so far is written. */
  async settled(): Promise<void> {
    await this.flush();
  }
}
