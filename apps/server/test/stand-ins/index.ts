/** Local stand-ins of outside parties, speaking each provider's format (see docs/outside-parties.md). */
import { expect } from 'vitest';
import type { OutsidePartyItem, OutsidePartyName, OutsidePartyUpdateBody } from '@rx/contracts';
import { body, type Client } from '../api.ts';

export * from './server.ts';
export * from './game-server.ts';
export * from './stripe.ts';
export * from './google.ts';

/** Sets a game's outside party through the console API (at its current version); answers the saved item. */
export async function setParty(
  staff: Client,
  party: OutsidePartyName,
  change: Omit<OutsidePartyUpdateBody, 'version'>,
): Promise<OutsidePartyItem> {
  const list = body<OutsidePartyItem[]>(await staff.get('/api/v1/outside-parties')).data;
  const current = list.find((p) => p.party === party)!;
  const res = await staff.put(`/api/v1/outside-parties/${party}`, { ...change, version: current.version });
  expect(res.statusCode, res.body).toBe(200);
  return body<OutsidePartyItem>(res).data;
}
export * from './fcm.ts';
export * from './apns.ts';
export * from './huawei-push.ts';
export * from './wechat.ts';
export * from './vision.ts';
