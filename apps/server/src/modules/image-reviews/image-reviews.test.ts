import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameImage, ImageReview, OutsideCallItem } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { setParty, startVision, type VisionStandIn } from '../../../test/stand-ins/index.ts';
import { like } from 'drizzle-orm';
import { schedules } from '../../db/jobs.ts';
import { VISION_API, fakeVision } from '../outside-parties/index.ts';
import { setRescoreBackoff } from './index.ts';

let vision: VisionStandIn;
beforeAll(async () => {
  vision = await startVision();
});
afterAll(() => vision.close());
const t = useTestApp({ gameKey: true, app: () => ({ outsideEndpoints: { [VISION_API]: vision.url } }) });
type List = { list: ImageReview[]; total: number };

const tag = Date.now().toString(36);
const post = async (url: string, kind = 'avatar') =>
  body<GameImage>(
    await t.signedCall(t.key, 'POST', '/api/game/v1/images', {
      openid: `img_${tag}`,
      kind,
      url,
      ref: 'slot-1',
    }),
  ).data;
const verdict = async (id: number) =>
  body<GameImage>(await t.signedCall(t.key, 'GET', `/api/game/v1/images/${id}`)).data;
const item = async (id: number) => body<ImageReview>(await t.admin.get(`/api/v1/image-reviews/${id}`)).data;
/** The image once its scoring settled (scored or given up): retries run as one-offs in the background. */
async function settled(id: number): Promise<ImageReview> {
  for (let i = 0; i < 200; i++) {
    const now = await item(id);
    if (now.scoring !== 'retrying') return now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`image ${id} still retrying`);
}
const policy = async (change: object) => {
  const current = body<{ version: number }>(await t.admin.get('/api/v1/image-reviews/policy')).data;
  const res = await t.admin.put('/api/v1/image-reviews/policy', { ...change, version: current.version });
  expect(body(res).code).toBe(0);
};

describe('image review with the fake moderation', () => {
  beforeAll(() => setParty(t.admin, 'google_vision', { mode: 'fake' }));

  it('approves a clean image, rejects an unwanted one, leaves the middle pending under the policy', async () => {
    await policy({ approve_below: 30, reject_at: 90, show_pending: false });
    const clean = await post(`https://cdn.example.com/${tag}/cat.png`);
    expect(clean).toMatchObject({ status: 'approved', visible: true });
    const nsfw = await post(`https://cdn.example.com/${tag}/nsfw.png`);
    expect(nsfw).toMatchObject({ status: 'rejected', visible: false });
    const racy = await post(`https://cdn.example.com/${tag}/racy.png`, 'user_content');
    expect(racy).toMatchObject({ status: 'pending', visible: false });
    // Showing pending images is the policy's choice, read at once.
    await policy({ approve_below: 30, reject_at: 90, show_pending: true });
    expect(await verdict(racy.id)).toMatchObject({ status: 'pending', visible: true });

    // Staff reject it; the game learns it.
    const item = body<ImageReview>(await t.admin.get(`/api/v1/image-reviews/${racy.id}`)).data;
    expect(item).toMatchObject({ score: 50, labels: ['racy'], decided_by: null });
    const rejected = await t.admin.post(`/api/v1/image-reviews/${racy.id}/reject`, {
      version: item.version,
      reason: 'Suggestive',
    });
    expect(body<ImageReview>(rejected).data).toMatchObject({
      status: 'rejected',
      decided_by: 'staff',
      reviewer: 'admin',
    });
    expect(await verdict(racy.id)).toEqual({
      id: racy.id,
      status: 'rejected',
      visible: false,
      reason: 'Suggestive',
    });
    // Stale version: 409001.
    expect(
      body(await t.admin.post(`/api/v1/image-reviews/${racy.id}/approve`, { version: item.version })).code,
    ).toBe(409001);
    // Bad input and a bad policy: 400001, nothing saved.
    const bad = await t.signedCall(t.key, 'POST', '/api/game/v1/images', {
      openid: 'x',
      kind: 'poster',
      url: 'ftp://x',
    });
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual(['kind', 'url']);
    const current = body<{ version: number }>(await t.admin.get('/api/v1/image-reviews/policy')).data;
    const badPolicy = await t.admin.put('/api/v1/image-reviews/policy', {
      approve_below: 80,
      reject_at: 20,
      show_pending: false,
      version: current.version,
    });
    expect(body(badPolicy).code).toBe(400001);
  });

  it('decides in bulk, each image answered; keeps to the game; leaves an unscored image pending', async () => {
    await policy({ approve_below: 0, reject_at: 101, show_pending: false });
    const a = await post(`https://cdn.example.com/${tag}/a.png`);
    const b = await post(`https://cdn.example.com/${tag}/b.png`);
    expect([a.status, b.status]).toEqual(['pending', 'pending']);
    const bulk = await t.admin.post('/api/v1/image-reviews/bulk', {
      ids: [a.id, b.id, 2_000_000],
      decision: 'approve',
    });
    expect(body<{ results: unknown[] }>(bulk).data.results).toEqual([
      { id: a.id, result: 'ok' },
      { id: b.id, result: 'ok' },
      { id: 2_000_000, result: 'not_found' },
    ]);
    expect((await verdict(a.id)).status).toBe('approved');
    const again = await t.admin.post('/api/v1/image-reviews/bulk', { ids: [a.id], decision: 'approve' });
    expect(body<{ results: unknown[] }>(again).data.results).toEqual([{ id: a.id, result: 'already' }]);

    fakeVision().failNext('fail');
    const unscored = await post(`https://cdn.example.com/${tag}/c.png`);
    expect(unscored.status).toBe('pending');
    const item = body<ImageReview>(await t.admin.get(`/api/v1/image-reviews/${unscored.id}`)).data;
    expect(item.score).toBeNull();
    expect(item.moderation_error).toContain('503');

    const pending = body<List>(await t.admin.get(`/api/v1/image-reviews?q=img_${tag}&status=pending`)).data;
    expect(pending.list.map((i) => i.id)).toContain(unscored.id);

    const viewer = await t.staff(['offline/see/image_review']);
    expect(body(await viewer.get('/api/v1/image-reviews')).code).toBe(0);
    expect(
      body(await viewer.post('/api/v1/image-reviews/bulk', { ids: [a.id], decision: 'reject' })).code,
    ).toBe(403001);
    const hw = await t.signIn('ops_hw', 'dawn');
    expect(body(await hw.get(`/api/v1/image-reviews/${a.id}`)).code).toBe(404001);
    const other = body<{ key_id: string; secret: string }>(
      await hw.post('/api/v1/game-api-keys', { note: 'x' }),
    ).data;
    expect(body(await t.signedCall(other, 'GET', `/api/game/v1/images/${a.id}`)).code).toBe(404001);
  });
});

describe('failed scoring is retried', () => {
  afterAll(() => setRescoreBackoff(30_000));
  beforeAll(async () => {
    await setParty(t.admin, 'google_vision', { mode: 'fake' });
    await policy({ approve_below: 30, reject_at: 90, show_pending: false });
  });

  it('schedules a retry with backoff and scores the image when the moderation answers again', async () => {
    // The real wait: 30 s, then four times longer each time.
    fakeVision().failNext('fail');
    const waiting = await post(`https://cdn.example.com/${tag}/waiting.png`);
    const first = await item(waiting.id);
    expect(first).toMatchObject({ status: 'pending', score: null, scoring: 'retrying', scoring_attempts: 1 });
    const wait = Date.parse(first.next_scoring_at!) - Date.parse(first.updated_at);
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThan(35_000);
    const [planned] = await t.database.db
      .select()
      .from(schedules)
      .where(like(schedules.key, `image-review:${waiting.id}:%`));
    expect(planned).toMatchObject({ kind: 'image_reviews.rescore', status: 'active' });

    setRescoreBackoff(0);
    fakeVision().failNext('fail', 'rate_limit');
    const image = await post(`https://cdn.example.com/${tag}/retried-cat.png`);
    expect(image.status).toBe('pending');
    const done = await settled(image.id);
    expect(done).toMatchObject({
      status: 'approved',
      decided_by: 'policy',
      score: 0,
      scoring: 'scored',
      scoring_attempts: 2,
      moderation_error: '',
      next_scoring_at: null,
    });
    expect(await verdict(image.id)).toMatchObject({ status: 'approved', visible: true });
    // Each retry was a one-off, done once.
    const runs = await t.database.db
      .select()
      .from(schedules)
      .where(like(schedules.key, `image-review:${image.id}:%`));
    expect(runs.map((r) => r.status)).toEqual(['done', 'done']);
  });

  it('gives up after the limit: failed with the reason, left pending to staff', async () => {
    setRescoreBackoff(0);
    fakeVision().mode = 'fail';
    try {
      const image = await post(`https://cdn.example.com/${tag}/never.png`);
      const failed = await settled(image.id);
      expect(failed).toMatchObject({
        status: 'pending',
        score: null,
        scoring: 'failed',
        scoring_attempts: 5,
      });
      expect(failed.moderation_error).toContain('503');
      expect(failed.next_scoring_at).toBeNull();
      const runs = await t.database.db
        .select()
        .from(schedules)
        .where(like(schedules.key, `image-review:${image.id}:%`));
      expect(runs).toHaveLength(4);
      // Staff decide it by hand.
      const decided = await t.admin.post(`/api/v1/image-reviews/${image.id}/approve`, {
        version: failed.version,
        reason: '',
      });
      expect(body<ImageReview>(decided).data).toMatchObject({ status: 'approved', decided_by: 'staff' });
    } finally {
      fakeVision().mode = 'ok';
    }
  });
});

describe('retry now, for an image whose scoring was given up', () => {
  afterAll(() => setRescoreBackoff(30_000));
  beforeAll(async () => {
    await setParty(t.admin, 'google_vision', { mode: 'fake' });
    await policy({ approve_below: 30, reject_at: 90, show_pending: false });
  });

  it('lists failed ones by their state, scores one again on request (permission-checked), once failed only', async () => {
    setRescoreBackoff(0);
    fakeVision().mode = 'fail';
    let failed: ImageReview;
    try {
      failed = await settled((await post(`https://cdn.example.com/${tag}/retry-cat.png`)).id);
      expect(failed).toMatchObject({ scoring: 'failed', scoring_attempts: 5, status: 'pending' });
      const ids = async (scoring: string) =>
        body<List>(await t.admin.get(`/api/v1/image-reviews?q=img_${tag}&scoring=${scoring}`)).data.list.map(
          (i) => i.id,
        );
      expect(await ids('failed')).toContain(failed.id);
      expect(await ids('scored')).not.toContain(failed.id);
      expect(body(await t.admin.get('/api/v1/image-reviews?scoring=lost')).code).toBe(400001);

      // Seeing is not deciding; another CP does not find it; a stale version conflicts.
      const retry = (as: typeof t.admin, version: number) =>
        as.post(`/api/v1/image-reviews/${failed.id}/retry`, { version });
      const viewer = await t.staff(['offline/see/image_review']);
      expect(body(await retry(viewer, failed.version)).code).toBe(403001);
      const hw = await t.signIn('ops_hw', 'dawn');
      expect(body(await retry(hw, failed.version)).code).toBe(404001);
      expect(body(await retry(t.admin, failed.version - 1)).code).toBe(409001);
      expect(await item(failed.id)).toEqual(failed);

      // Still failing: one more attempt counted, the new reason kept, no new ladder of retries.
      const again = body<ImageReview>(await retry(t.admin, failed.version)).data;
      expect(again).toMatchObject({ scoring: 'failed', scoring_attempts: 6, next_scoring_at: null });
      expect(again.moderation_error).toContain('503');
      failed = again;
    } finally {
      fakeVision().mode = 'ok';
    }
    // The moderation answers: scored and decided by the policy.
    const scored = body<ImageReview>(
      await t.admin.post(`/api/v1/image-reviews/${failed.id}/retry`, { version: failed.version }),
    ).data;
    expect(scored).toMatchObject({
      scoring: 'scored',
      score: 0,
      status: 'approved',
      decided_by: 'policy',
      moderation_error: '',
    });
    expect(await verdict(failed.id)).toMatchObject({ status: 'approved', visible: true });
    // Not failed any more: refused with the reason, nothing called.
    const refused = await t.admin.post(`/api/v1/image-reviews/${failed.id}/retry`, {
      version: scored.version,
    });
    expect(body(refused)).toMatchObject({
      code: 422001,
      msg: '只有评分已放弃且尚未由人工审核的图片才能立即重试',
    });
    expect((await t.logsOf('image_review', failed.id)).map((l) => l.action)).toEqual(['retry', 'retry']);
  });
});

describe('image review with Google Cloud Vision (real, against the stand-in)', () => {
  beforeAll(async () => {
    await setParty(t.admin, 'google_vision', {
      mode: 'real',
      settings: {},
      credentials: { api_key: vision.apiKey },
    });
    await policy({ approve_below: 30, reject_at: 90, show_pending: false });
  });

  it('asks SafeSearch with the key, scores the likelihoods, and logs the call without the key', async () => {
    const url = `https://cdn.example.com/${tag}/beach.png`;
    vision.annotations.set(url, { racy: 'LIKELY' });
    const image = await post(url);
    expect(image.status).toBe('pending');
    const item = body<ImageReview>(await t.admin.get(`/api/v1/image-reviews/${image.id}`)).data;
    expect(item).toMatchObject({ score: 80, labels: ['racy'] });
    const sent = vision.received.at(-1)!;
    expect(sent.headers['x-goog-api-key']).toBe(vision.apiKey);
    expect(JSON.parse(sent.body)).toEqual({
      requests: [{ image: { source: { imageUri: url } }, features: [{ type: 'SAFE_SEARCH_DETECTION' }] }],
    });

    const adult = `https://cdn.example.com/${tag}/adult.png`;
    vision.annotations.set(adult, { adult: 'VERY_LIKELY' });
    expect((await post(adult)).status).toBe('rejected');
    expect((await post(`https://cdn.example.com/${tag}/tree.png`)).status).toBe('approved');

    // An address Vision cannot fetch, a rate limit: pending and unscored, the reason kept.
    const gone = `https://cdn.example.com/${tag}/gone.png`;
    vision.unreachable.add(gone);
    const unreachable = await post(gone);
    expect(unreachable.status).toBe('pending');
    vision.plan('rate_limit');
    const limited = await post(`https://cdn.example.com/${tag}/later.png`);
    const limitedItem = body<ImageReview>(await t.admin.get(`/api/v1/image-reviews/${limited.id}`)).data;
    expect(limitedItem).toMatchObject({ status: 'pending', score: null });

    // Vision fails twice, then answers: the retries score it.
    setRescoreBackoff(0);
    const flaky = `https://cdn.example.com/${tag}/flaky.png`;
    vision.annotations.set(flaky, { adult: 'VERY_LIKELY' });
    vision.plan('fail', 'fail');
    const retried = await settled((await post(flaky)).id);
    expect(retried).toMatchObject({ status: 'rejected', scoring: 'scored', scoring_attempts: 2 });

    const calls = body<{ list: OutsideCallItem[] }>(
      await t.admin.get('/api/v1/outside-calls?party=google_vision'),
    ).data.list;
    expect(calls.length).toBeGreaterThanOrEqual(5);
    expect(calls.map((c) => c.status)).toContain('rate_limited');
    expect(JSON.stringify(calls)).not.toContain(vision.apiKey);
  });
});
