import { describe, expect, it } from 'vitest';
import * as contracts from '@rx/contracts';
import { findPage, type Resource } from '@rx/contracts';
import { useTestApp } from '../../test/index.ts';

const t = useTestApp();

/**
 * Every resource that describes an export query is offered "export" on its list page (with the
 * permission): each must answer its file, never read `export` as a row id (mails and announcements
 * once answered HTTP 400 with no field).
 */
const exportable = Object.values(contracts).filter(
  (value): value is Resource =>
    typeof value === 'object' &&
    value !== null &&
    'permissions' in value &&
    'name' in value &&
    (value as { export?: unknown }).export !== undefined,
);
// Several resources share one path (two ticket queues, one per page): one call each.
const byName = new Map(exportable.map((resource) => [resource.name, resource]));

describe('every list that offers export', () => {
  it('finds the exportable resources', () => {
    expect(byName.has('mails')).toBe(true);
    expect(byName.has('announcements')).toBe(true);
  });

  it.each([...byName.keys()])('%s exports CSV', async (name) => {
    const resource = byName.get(name)!;
    // An overseas page's list is the overseas staff's, on an overseas game.
    const overseas = findPage(resource.page)?.meta.rxRegion === 'hw';
    const client = overseas ? await t.signIn('ops_hw', 'dawn') : t.admin;
    // The smallest query the export takes: the format, plus what its schema requires (a ticket queue's kind,
    // a report's days).
    const query = new URLSearchParams({ format: 'csv' });
    const parsed = resource.export!.safeParse({ format: 'csv' });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        const options = (issue as { values?: unknown[] }).values;
        if (options?.length) query.set(key, String(options[0]));
        // A report over a date range (material effects): the last week.
        else if (key === 'from' || key === 'to')
          query.set(
            key,
            new Date(Date.now() - (key === 'from' ? 7 * 86_400_000 : 0)).toISOString().slice(0, 10),
          );
      }
    // A dimensioned resource (a platform's, a medium's): its first value, the one its page is.
    if (resource.dimension) query.set(resource.dimension.name, resource.dimension.values[0]);
    const res = await client.get(`/api/v1/${name}/export?${query}`);
    expect(res.statusCode, `${name}: ${res.body.slice(0, 300)}`).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
  });
});
