import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CpSettings, PushTask } from '@rx/contracts';
import { bearer, body, signInAs, useTestApp } from '../../../test/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { wallAt, wallToInstant } from '../push/index.ts';

// The CP's time zone (the zone of a player whose device names none): read and set on CP settings by
// its admins only, checked against the runtime's IANA list, given to the console, used by push.

const t = useTestApp();
const admin = t.admin;

const put = (payload: object, lang = 'en') =>
  signInAs(t.app, 'admin').then(({ user }) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/cp-settings',
      headers: { ...bearer(user.access_token), 'x-lang': lang },
      payload,
    }),
  );
const settings = async () => body<CpSettings>(await admin.get('/api/v1/cp-settings')).data;

describe("the CP's time zone", () => {
  it('is read and set on CP settings; an unknown zone is refused, translated, nothing changed', async () => {
    const before = await settings();
    expect(before.time_zone).toBe('Asia/Shanghai');
    for (const [zone, lang, text] of [
      ['Mars/Base', 'en', 'Not a known IANA time zone'],
      ['Asia/Shanghai; drop table cps', 'zh', '不是已知的 IANA 时区'],
      ['', 'ar', ''],
    ] as const) {
      const bad = await put({ time_zone: zone, version: before.version }, lang);
      expect(bad.statusCode, bad.body).toBe(400);
      const fields = body<{ fields: Record<string, string> }>(bad).data.fields;
      expect(Object.keys(fields)).toEqual(['time_zone']);
      if (text) expect(fields.time_zone).toContain(text);
    }
    expect(await settings()).toMatchObject({ time_zone: 'Asia/Shanghai', version: before.version });

    const res = await put({ time_zone: 'America/Sao_Paulo', version: before.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<CpSettings>(res).data).toMatchObject({
      time_zone: 'America/Sao_Paulo',
      version: before.version + 1,
    });
    expect((await t.logsOf('cp_settings', before.id))[0]).toMatchObject({
      before: { time_zone: 'Asia/Shanghai' },
      after: { time_zone: 'America/Sao_Paulo' },
    });
    // The console is told (the push form shows it where it explains local-time sending).
    const { user } = await signInAs(t.app, 'admin');
    const config = await t.app.inject({
      url: '/api/v1/acs/cp/get_config',
      headers: bearer(user.access_token),
    });
    expect(body(config).data).toMatchObject({ time_zone: 'America/Sao_Paulo' });
  });

  it('is set by admins only; another CP keeps its own', async () => {
    const ops = await t.signIn('ops_gn');
    const { version } = await settings();
    const refused = await ops.put('/api/v1/cp-settings', { time_zone: 'Asia/Tokyo', version });
    expect(body(refused).code).toBe(403001);
    expect((await settings()).time_zone).not.toBe('Asia/Tokyo');
    const hwAdmin = await t.signIn(await t.adminOf('ops_hw'));
    const theirs = body<CpSettings>(await hwAdmin.get('/api/v1/cp-settings')).data;
    expect(theirs.time_zone).not.toBe('America/Sao_Paulo');
    const moved = await hwAdmin.put('/api/v1/cp-settings', {
      time_zone: 'Europe/Berlin',
      version: theirs.version,
    });
    expect(body<CpSettings>(moved).data.time_zone).toBe('Europe/Berlin');
    expect((await settings()).time_zone).toBe('America/Sao_Paulo');
  });

  it("times a push at a local time in the CP's zone for a device that names none", async () => {
    const { version } = await settings();
    expect((await put({ time_zone: 'Asia/Tokyo', version })).statusCode).toBe(200);
    const key = await t.gameKey(admin, 'push');
    const openid = `cpzone_${Math.random().toString(36).slice(2, 8)}`;
    const token = await t.signedCall(key, 'POST', '/api/game/v1/push/tokens', {
      openid,
      platform: 'android',
      provider: 'fcm',
      token: `tok_${openid}`,
    });
    expect(token.statusCode, token.body).toBe(200);
    const wall = wallAt(new Date(Date.now() + 2 * 3600_000), 'Asia/Tokyo');
    const created = await admin.post('/api/v1/push-tasks', {
      name: `cp zone ${openid}`,
      title: { zh: '标题' },
      body: { zh: '正文' },
      target: 'players',
      openids: [openid],
      local_send_at: wall,
    });
    expect(created.statusCode, created.body).toBe(200);
    const draft = body<PushTask>(created).data;
    const sent = await admin.post(`/api/v1/push-tasks/${draft.id}/send`, {
      version: draft.version,
      reason: '',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.jobs.runJob(body<PushTask>(sent).data.job_id!);
    const [row] = await queryRows<{ state: string; due_at: Date | string }>(
      t.database.db,
      sql`select state, due_at from push_deliveries where task_id = ${draft.id}::int`,
    );
    expect(row!.state).toBe('deferred');
    expect(new Date(row!.due_at).toISOString()).toBe(wallToInstant(wall, 'Asia/Tokyo').toISOString());
  });
});
