import type { AdAccount, AdAuthorizeAnswer } from '@rx/contracts';
import { body, type Client } from './api.ts';

/**
 * Authorises a fake Ocean Engine agent (`fake-agent-<n>`) through the OAuth flow and pulls its
 * advertisers' live objects: its advertisers, each with mirrored campaigns and ad groups.
 */
export async function authoriseFakeAgent(api: Client, code: string): Promise<AdAccount[]> {
  const start = body<AdAuthorizeAnswer>(await api.post('/api/v1/ad-accounts/authorize?media=jrtt')).data;
  await api.post('/api/v1/ad-accounts/authorize/callback?media=jrtt', { code, state: start.state });
  const root = code.replace('fake-agent-', 'jrtt-agent-');
  const accounts = body<{ list: AdAccount[] }>(await api.get(`/api/v1/ad-accounts?media=jrtt&q=${root}-`))
    .data.list;
  await api.post('/api/v1/ad-objects/sync?media=jrtt', {});
  return accounts;
}

/**
 * Starts an authorisation of a medium's accounts and comes back from its page with `code`: the
 * start's answer and the callback's response (unchecked: some tests expect it refused).
 */
export async function authorizeMedia(api: Client, media: string, code: string) {
  const start = body<AdAuthorizeAnswer>(await api.post(`/api/v1/ad-accounts/authorize?media=${media}`)).data;
  const res = await api.post(`/api/v1/ad-accounts/authorize/callback?media=${media}`, {
    code,
    state: start.state,
  });
  return { start, res };
}
