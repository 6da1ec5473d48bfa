import { beforeAll, describe, expect, it } from 'vitest';
import type { GamePlayerStatus, ViolationApplied, ViolationTemplate } from '@rx/contracts';
import { body, type Client, signInAs, useTestApp } from '../../../test/index.ts';
import { stepFor } from './index.ts';

// A violation template escalates by offence count: the n-th application to a player applies rung n.

const t = useTestApp({ gameKey: 'violations' });
const admin = t.admin;
let tank: Client;
const tag = Date.now().toString(36);
const openid = (n: number) => `v${tag}_${n}`;

async function status(id: string): Promise<GamePlayerStatus> {
  return body<GamePlayerStatus>(await t.signedCall(t.key, 'GET', `/api/game/v1/players/${id}/status`)).data;
}

const LADDER = [
  { action: 'warn' },
  { action: 'mute', duration_minutes: 60 },
  { action: 'feature', feature: 'chat', duration_minutes: 1440 },
  { action: 'account', duration_minutes: null },
];

async function createTemplate(
  api: Client,
  code: string,
  ladder: object[] = LADDER,
): Promise<ViolationTemplate> {
  const res = await api.post('/api/v1/violation-templates', {
    code,
    name: 'Chat abuse',
    category: 'chat_abuse',
    ladder,
    message: { zh: '您因辱骂他人受到处罚', en: 'You were sanctioned for abusive chat' },
    appealable: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<ViolationTemplate>(res).data;
}
async function apply(api: Client, id: number, player: string) {
  return api.post(`/api/v1/violation-templates/${id}/apply`, { openid: player, note: 'report 42' });
}

beforeAll(async () => {
  tank = t.client(t.user.access_token, await t.productIdOf('tankwar'));
  const events = [1, 2, 3].map((n) => ({
    type: 'login',
    event_id: `${tag}-l${n}`,
    openid: openid(n),
    at: new Date().toISOString(),
    device_id: `vdev-${tag}-${n}`,
  }));
  expect((await t.signedCall(t.key, 'POST', '/api/game/v1/players/events', { events })).statusCode).toBe(200);
});

describe('violation templates', () => {
  it('picks the rung of the offence count; past the last rung, the last one again', () => {
    const ladder = LADDER as Parameters<typeof stepFor>[0];
    expect(stepFor(ladder, 1).action).toBe('warn');
    expect(stepFor(ladder, 3).action).toBe('feature');
    expect(stepFor(ladder, 9).action).toBe('account');
  });

  it('applies the right step on the third offence, through HTTP, as a sanction the game sees', async () => {
    const template = await createTemplate(admin, `chat_${tag}`);
    const first = body<ViolationApplied>(await apply(admin, template.id, openid(1))).data;
    expect(first).toMatchObject({ offence: 1, step: { action: 'warn' }, sanction: null });
    expect(await status(openid(1))).toMatchObject({ bans: [], mutes: [] });

    const second = body<ViolationApplied>(await apply(admin, template.id, openid(1))).data;
    expect(second).toMatchObject({ offence: 2, step: { action: 'mute' }, sanction: { kind: 'mute' } });

    const third = await apply(admin, template.id, openid(1));
    expect(third.statusCode, third.body).toBe(200);
    const applied = body<ViolationApplied>(third).data;
    expect(applied).toMatchObject({
      offence: 3,
      step: { action: 'feature', feature: 'chat', duration_minutes: 1440 },
      sanction: { kind: 'feature', feature: 'chat', status: 'active' },
    });
    expect(applied.sanction!.reason).toContain(`chat_${tag} #3`);
    const ends = Date.parse(applied.sanction!.ends_at!) - Date.parse(applied.sanction!.starts_at);
    expect(ends).toBe(1440 * 60_000);
    expect((await status(openid(1))).bans).toEqual([
      {
        kind: 'feature',
        feature: 'chat',
        ends_at: applied.sanction!.ends_at,
        reason: applied.sanction!.reason,
      },
    ]);
    expect((await t.logsOf('sanction', applied.sanction!.id))[0]).toMatchObject({ action: 'create' });

    // Offences count per player: another player starts at the first rung.
    expect(body<ViolationApplied>(await apply(admin, template.id, openid(2))).data.offence).toBe(1);
    // The fourth: a permanent account ban; the fifth stays on the last rung.
    const fourth = body<ViolationApplied>(await apply(admin, template.id, openid(1))).data;
    expect(fourth).toMatchObject({ offence: 4, sanction: { kind: 'account', ends_at: null } });
  });

  it('a device-ban rung bans the device the player last used', async () => {
    const template = await createTemplate(admin, `dev_${tag}`, [{ action: 'device', duration_minutes: 60 }]);
    const applied = body<ViolationApplied>(await apply(admin, template.id, openid(3))).data;
    expect(applied.sanction).toMatchObject({ kind: 'device', device_id: `vdev-${tag}-3` });
  });

  it('refuses a bad ladder, keeps games apart, checks permissions; an applied template is disabled, not deleted', async () => {
    const bad = await admin.post('/api/v1/violation-templates', {
      code: `bad_${tag}`,
      name: 'x',
      category: 'botting',
      ladder: [{ action: 'feature' }],
    });
    expect(body(bad)).toMatchObject({
      code: 400001,
      data: { fields: { 'ladder.0.feature': expect.any(String) } },
    });
    const empty = await admin.post('/api/v1/violation-templates', {
      code: `bad2_${tag}`,
      name: 'x',
      category: 'botting',
      ladder: [],
    });
    expect(body(empty)).toMatchObject({ code: 400001, data: { fields: { ladder: expect.any(String) } } });

    const template = await createTemplate(admin, `iso_${tag}`);
    expect((await apply(tank, template.id, openid(1))).statusCode).toBe(404);
    expect(
      body<{ list: ViolationTemplate[] }>(await tank.get('/api/v1/violation-templates')).data.list,
    ).toEqual([]);
    const unknown = await apply(admin, template.id, 'nobody_here');
    expect(body(unknown)).toMatchObject({ code: 400001, data: { fields: { openid: expect.any(String) } } });

    const viewer = t.client(
      (await signInAs(t.app, await t.staffWith(['risk_control/see/risk_control']))).user.access_token,
      t.productId,
    );
    expect((await viewer.get('/api/v1/violation-templates')).statusCode).toBe(200);
    expect((await apply(viewer, template.id, openid(2))).statusCode).toBe(403);

    await apply(admin, template.id, openid(2));
    const removed = await admin.del(`/api/v1/violation-templates/${template.id}`);
    expect(body(removed)).toMatchObject({ code: 422001, data: { disabled: true } });
    expect(body(await apply(admin, template.id, openid(2))).code).toBe(422001);
  });
});
