import { expect } from 'vitest';
import type { AdAccount, AdAuthorizeAnswer, AdBatch, AdBatchAd } from '@rx/contracts';
import { body, type Client } from '../../../test/index.ts';

/**
 * What the batch tests share: advertisers authorised through the fake medium (an agent code gives
 * three), a batch made and its job run, a batch and its ads read back.
 */
export function batchKit(t: { admin: Client; app: { jobs: { runJob(id: number): Promise<unknown> } } }) {
  return {
    async advertisers(media: string, code: string): Promise<AdAccount[]> {
      const start = body<AdAuthorizeAnswer>(
        await t.admin.post(`/api/v1/ad-accounts/authorize?media=${media}`),
      ).data;
      await t.admin.post(`/api/v1/ad-accounts/authorize/callback?media=${media}`, {
        code,
        state: start.state,
      });
      const root = code.replace('fake-agent-', `${media}-agent-`);
      return body<{ list: AdAccount[] }>(await t.admin.get(`/api/v1/ad-accounts?media=${media}&q=${root}-`))
        .data.list;
    },
    async create(media: string, payload: Record<string, unknown>): Promise<AdBatch> {
      const res = await t.admin.post(`/api/v1/ad-batches?media=${media}`, payload);
      expect(res.statusCode, res.body).toBe(200);
      const batch = body<AdBatch>(res).data;
      await t.app.jobs.runJob(batch.job_id!);
      return batch;
    },
    async read(media: string, id: number): Promise<AdBatch> {
      return body<AdBatch>(await t.admin.get(`/api/v1/ad-batches/${id}?media=${media}`)).data;
    },
    async ads(media: string, id: number, query = ''): Promise<{ list: AdBatchAd[]; total: number }> {
      return body<{ list: AdBatchAd[]; total: number }>(
        await t.admin.get(`/api/v1/ad-batches/${id}/ads?media=${media}&page_size=100${query}`),
      ).data;
    },
  };
}
