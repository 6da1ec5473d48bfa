import type { FastifyBaseLogger } from 'fastify';
import type { OutsideCallStatus } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
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

/**
 * Writes the call log without making the caller wait, and without joining the caller's transaction:
 * a call made inside a transaction that then rolls back (a failed job item) is still logged. Each
 * write is remembered until it lands, so a reader (`settled`) and the app's close wait for them.
 */
export class CallLog {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(entry: CallEntry, secrets: Iterable<string> = []): void {
    const write = this.db
      .insert(outsideCalls)
      .values({
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
      })
      .then(
        () => undefined,
        (err: unknown) => this.log.warn({ err, party: entry.party }, 'outside call log not written'),
      );
    this.pending.add(write);
    void write.finally(() => this.pending.delete(write));
  }

  /** Resolves once every entry recorded so far is written. */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
