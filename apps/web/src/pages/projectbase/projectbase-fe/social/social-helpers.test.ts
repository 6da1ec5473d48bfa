import { describe, expect, it } from 'vitest';
import {
  socialPolicyCreateBody,
  socialPolicyUpdateBody,
  type SocialPolicy,
} from '@rx/contracts/social-access';
import { editValues, newPolicy, switchesByRegion } from './social-helpers.ts';

describe('social access helpers', () => {
  it('starts a new policy the create schema accepts, every feature on', () => {
    const chat = socialPolicyCreateBody.parse(newPolicy('chat', 'hw'));
    expect(chat).toMatchObject({ kind: 'chat', region: 'hw', chat: { world: true, guild: true } });
    const friend = socialPolicyCreateBody.parse(newPolicy('friend', 'gn'));
    expect(friend).toMatchObject({ kind: 'friend', friend: { add: true, gifting: true } });
  });

  it('edits a policy without the other kind’s null settings, which the update schema refuses', () => {
    const policy = {
      ...newPolicy('chat', 'gn'),
      id: 4,
      product_id: 1,
      version: 3,
      created_at: '',
      updated_at: '',
      friend: null,
    } as SocialPolicy;
    const values = editValues(policy);
    expect('friend' in values).toBe(false);
    expect(socialPolicyUpdateBody.safeParse(values).success).toBe(true);
  });

  it('shows every region’s switch, off where none was set', () => {
    const switches = switchesByRegion(
      [{ region: 'hw', kind: 'chat', on: true, updated_by: 'admin', updated_at: '2025-01-01T00:00:00Z' }],
      'chat',
    );
    expect(switches.map((s) => [s.region, s.on])).toEqual([
      ['gn', false],
      ['hw', true],
    ]);
    expect(switchesByRegion([], 'friend').every((s) => !s.on && s.kind === 'friend')).toBe(true);
  });
});
