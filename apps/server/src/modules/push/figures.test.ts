import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PushTask } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { fakeFcm } from '../outside-parties/index.ts';

// The fan-out figure of issue 28, run on demand only (PUSH_FIGURES=<tokens>, e.g. 200000): that many
// device tokens registered on the demo game, one push to all of them through the fake FCM, the
// send job timed from its start to the task's end; each device once.

const tokens = Number(process.env.PUSH_FIGURES ?? 0);
const t = useTestApp();

describe.skipIf(!tokens)('push fan-out figure', () => {
  it(`sends one push to ${tokens} devices, each once`, { timeout: 3_600_000 }, async () => {
    const db = t.database.db;
    // The fake keeps every message of this one (its sample is bounded otherwise).
    fakeFcm().sample.keep = tokens;
    await db.execute(sql`insert into push_tokens (product_id, openid, platform, provider, token)
      select ${t.productId}::int, 'fig_' || g, 'android', 'fcm', 'figtoken_' || g from generate_series(1, ${tokens}::int) g`);
    const task = body<PushTask>(
      await t.admin.post('/api/v1/push-tasks', {
        name: 'figure',
        title: { zh: '标题' },
        body: { zh: '正文' },
        target: 'all',
      }),
    ).data;
    const started = Date.now();
    const moved = body<PushTask>(
      await t.admin.post(`/api/v1/push-tasks/${task.id}/send`, { version: task.version }),
    ).data;
    await t.app.jobs.runJob(moved.job_id!);
    const seconds = (Date.now() - started) / 1000;
    const done = body<PushTask>(await t.admin.get(`/api/v1/push-tasks/${task.id}`)).data;
    const sent = fakeFcm().sent.filter((s) => s.key.startsWith(`push:${task.id}:`));
    const dupes = sent.length - new Set(sent.map((s) => s.message.token)).size;
    console.log(
      `push figure: ${done.sent} of ${done.targeted} devices in ${seconds.toFixed(1)} s = ${Math.round(done.sent / seconds)} per second; duplicates ${dupes}`,
    );
    expect(done).toMatchObject({ status: 'sent', targeted: tokens, sent: tokens });
    expect(sent).toHaveLength(tokens);
    expect(dupes).toBe(0);
  });
});
