/**
 * The outside-party kit: how the server talks to services outside it (a game's own server, payment
 * providers, stores; next push services, ad media, moderation, partner webhooks). docs/outside-parties.md
 * tells how to add one.
 *
 * - party.ts     `defineParty` (a kind: its contract, call policies, real and fake factories) and
 *                the `PartyContext` an adapter works in (`call`, `http`, `token`, `authorized`)
 * - outside.ts   `Outside` (`app.outside`): a game's choice (off / fake / real) → its adapter
 * - attempts.ts  timeouts, retries with backoff honouring `Retry-After`, idempotency keys
 * - http.ts      one attempt over fetch: statuses → failure kinds, bounded answers
 * - tokens.ts    access tokens sealed in the database, renewed under a row lock (one refresh at a
 *                time across instances), per game or sub-account
 * - call-log.ts  the call log (written beside the caller's transaction) and `redact`
 * - fake.ts      the fakes' shared script and failure modes
 * - errors.ts    `OutsideError` and its kinds
 * Credentials are sealed with lib/secret-box.ts.
 */
export type { Answer, Attempt, CallPolicy } from './attempts.ts';
export { redact, type CallEntry } from './call-log.ts';
export { OutsideError, isOutsideError, retryAfterSeconds, type FailureKind } from './errors.ts';
export { FakeSample, FakeScript, RecentKeys, actOut, hangUntil, type FakeMode } from './fake.ts';
export { httpAttempt, jsonOf, oauthGrantOf, type HttpAnswer, type HttpRequest } from './http.ts';
export { Outside, type OutsideOptions, type PartyChoice } from './outside.ts';
export {
  defineParty,
  resetOutsideParties,
  setPartyPolicy,
  type PartyContext,
  type PartyDefinition,
  type SettingsOf,
} from './party.ts';
export type { ObtainToken, TokenGrant, TokenKey } from './tokens.ts';
