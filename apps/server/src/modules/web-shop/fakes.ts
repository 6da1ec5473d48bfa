import { setPartyPolicy } from '../../lib/outside/index.ts';
import {
  fakePayProvider,
  gameServer,
  gameServerFakes,
  stripePayments,
  type FakePayProvider,
} from '../outside-parties/index.ts';

/** The fake game's deliveries (tests: its mode, calls and ledger). */
export const deliveryGame = () => gameServerFakes().deliver;

/** The fake payment provider by its name (tests sign its notices and read its calls). */
export function paymentProvider(name: string): FakePayProvider | undefined {
  return name === fakePayProvider().name ? fakePayProvider() : undefined;
}

/** How long a delivery or a provider call may take before it counts as failed (tests lower it). */
export function setWebShopTimeout(ms: number): void {
  setPartyPolicy(gameServer.contract.name, 'deliver', { timeoutMs: ms });
  setPartyPolicy(stripePayments.contract.name, '*', { timeoutMs: ms });
}

interface RetryPolicy {
  attempts: number;
  backoffMs: number;
  maxWaitMs: number;
}
const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  attempts: 3,
  backoffMs: 1000,
  maxWaitMs: 10_000,
});
/** Delivery attempts per run of the retry job, and the longest wait between two (a 429's retry-after is capped by it). */
let retryPolicy: Readonly<RetryPolicy> = DEFAULT_RETRY_POLICY;

export function setDeliveryRetry(policy: Partial<RetryPolicy>): void {
  retryPolicy = { ...retryPolicy, ...policy };
}
export const deliveryRetry = () => retryPolicy;
/** The retries a server starts with (each API test file starts so). */
export function resetDeliveryRetry(): void {
  retryPolicy = DEFAULT_RETRY_POLICY;
}
