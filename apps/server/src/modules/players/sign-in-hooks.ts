import type { Db } from '../../db/index.ts';

/**
 * What other modules do when a player signs in, inside the transaction that records the sign-in
 * (account cancellation withdraws a request still cooling off). A registry, so that players import
 * none of the modules that listen.
 */
export type PlayerSignInHook = (
  tx: Db,
  sign: { productId: number; openid: string; at: string },
) => Promise<void>;

const hooks: PlayerSignInHook[] = [];

/** Adds a hook (once per module, at load). */
export function onPlayerSignIn(hook: PlayerSignInHook): void {
  if (!hooks.includes(hook)) hooks.push(hook);
}

export async function runSignInHooks(tx: Db, sign: { productId: number; openid: string; at: string }) {
  for (const hook of hooks) await hook(tx, sign);
}
