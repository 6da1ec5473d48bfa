import { http } from '@/shared/http.ts';
import type {
  CheatFlagBulkAnswer,
  CheatFlagConfirmed,
  CheatFlagItem,
  CheatWhitelistItem,
} from '@rx/contracts/cheat-flags';

const BASE = '/cheat-flags';

export interface ListAnswer<T> {
  list: T[];
  total: number;
}

export const cheatFlagApi = {
  get: (id: number, signal?: AbortSignal) => http.get<CheatFlagItem>(`${BASE}/${id}`, undefined, { signal }),
  startReview: (flag: Pick<CheatFlagItem, 'id' | 'version'>, note = '') =>
    http.post<CheatFlagItem>(`${BASE}/${flag.id}/start-review`, { note, version: flag.version }),
  confirm: (flag: Pick<CheatFlagItem, 'id' | 'version'>, body: { template_id: number; note: string }) =>
    http.post<CheatFlagConfirmed>(`${BASE}/${flag.id}/confirm`, { ...body, version: flag.version }),
  dismiss: (flag: Pick<CheatFlagItem, 'id' | 'version'>, note: string) =>
    http.post<CheatFlagItem>(`${BASE}/${flag.id}/dismiss`, { note, version: flag.version }),
  flag: (body: { openid: string; rule: string; score: number; note: string }) =>
    http.post<CheatFlagItem>(BASE, body),
  bulk: (ids: number[], action: 'start_review' | 'dismiss', note = '') =>
    http.post<CheatFlagBulkAnswer>(`${BASE}/bulk`, { ids, action, note }),
  whitelist: (query: Record<string, string | number | undefined>, signal?: AbortSignal) =>
    http.get<ListAnswer<CheatWhitelistItem>>(`${BASE}/whitelist`, query, { signal }),
  lift: (id: number) => http.delete<null>(`${BASE}/whitelist/${id}`),
};
