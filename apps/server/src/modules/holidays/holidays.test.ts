import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { holidaysResource, type Holiday } from '@rx/contracts';
import { body, describeResource, useTestApp } from '../../../test/index.ts';
import { users } from '../../db/schema.ts';
import { holidaysBetween, isHoliday } from './holidays.ts';
import { holidays } from './tables.ts';

const t = useTestApp({ product: null });
type List = { list: Holiday[]; total: number };

/** A day of 2031 from a number (1 → 2031-01-02), so each sample is a day of its own. */
const dayOf = (n: number) => new Date(Date.UTC(2031, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

const cpOfAdmin = async () => {
  const [row] = await t.database.db
    .select({ cpId: users.cpId })
    .from(users)
    .where(eq(users.username, 'admin'));
  return row!.cpId;
};

describeResource(holidaysResource, {
  sample: (n) => ({ region: 'gen', date: dayOf(n), name: `Day ${n}` }),
  change: { name: 'Renamed day', note: 'moved' },
  invalid: { body: { region: 'gen', date: '2031-02-30', name: 'No such day' }, field: 'date' },
  roundTrip: { column: 'name', value: 'Edited in a sheet' },
});

describe('holidays', () => {
  it('keeps one day per region; lists by region, kind and dates; logs', async () => {
    const admin = t.admin;
    const created = body<Holiday>(
      await admin.post('/api/v1/holidays', {
        region: 'cn',
        date: '2030-10-01',
        name: '国庆节',
        kind: 'public',
      }),
    ).data;
    expect(created).toMatchObject({ region: 'cn', date: '2030-10-01', weekday: 2, kind: 'public', note: '' });
    await admin.post('/api/v1/holidays', { region: 'cn', date: '2030-10-12', name: '调休', kind: 'workday' });
    await admin.post('/api/v1/holidays', { region: 'th', date: '2030-10-01', name: 'Day off' });

    const again = await admin.post('/api/v1/holidays', { region: 'cn', date: '2030-10-01', name: 'Twice' });
    expect(body(again)).toMatchObject({ code: 400001, data: { fields: { date: expect.any(String) } } });
    const bad = await admin.post('/api/v1/holidays', {
      region: 'CN!',
      date: '2030-13-01',
      name: '',
      kind: 'x',
    });
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual([
      'date',
      'kind',
      'name',
      'region',
    ]);

    const cn = body<List>(await admin.get('/api/v1/holidays?region=cn&from=2030-10-01&to=2030-10-31')).data;
    expect(cn.list.map((d) => d.date)).toEqual(['2030-10-01', '2030-10-12']);
    expect(body<List>(await admin.get('/api/v1/holidays?region=cn&kind=workday')).data.total).toBe(1);
    expect(body<List>(await admin.get('/api/v1/holidays?q=国庆')).data.list.map((d) => d.id)).toEqual([
      created.id,
    ]);
    const regions = body<{ regions: string[] }>(await admin.get('/api/v1/holidays/regions')).data.regions;
    expect(regions).toEqual(expect.arrayContaining(['cn', 'th']));
    expect((await t.logsOf('holiday', created.id))[0]).toMatchObject({ action: 'create' });
  });

  it('answers isHoliday and holidaysBetween for the CP and region only', async () => {
    const admin = t.admin;
    await admin.post('/api/v1/holidays', {
      region: 'vn',
      date: '2030-04-30',
      name: 'Reunification',
      kind: 'public',
    });
    await admin.post('/api/v1/holidays', {
      region: 'vn',
      date: '2030-05-04',
      name: 'Make-up',
      kind: 'workday',
    });
    const cpId = await cpOfAdmin();
    const db = t.database.db;
    expect(await isHoliday(db, cpId, 'vn', '2030-04-30')).toBe(true);
    expect(await isHoliday(db, cpId, 'vn', '2030-05-04')).toBe(false);
    expect(await isHoliday(db, cpId, 'vn', '2030-05-01')).toBe(false);
    expect(await isHoliday(db, cpId, 'th', '2030-04-30')).toBe(false);
    expect(await isHoliday(db, cpId + 1000, 'vn', '2030-04-30')).toBe(false);
    expect(await holidaysBetween(db, cpId, 'vn', '2030-04-01', '2030-05-31')).toEqual([
      { date: '2030-04-30', name: 'Reunification', kind: 'public' },
      { date: '2030-05-04', name: 'Make-up', kind: 'workday' },
    ]);
  });

  it('imports a calendar file: a dry run first, row errors write nothing, then the days', async () => {
    const admin = t.admin;
    const before = await t.rowCount(holidays);
    const header = 'id,region,date,name,kind,note';
    const bad = [
      header,
      ',jp,2030-01-01,元日,public,',
      ',jp,2030-02-30,No day,public,',
      ',jp,2030-01-01,Twice,public,',
    ];
    const dry = body<{ create: unknown[]; errors: { row: number; field: string }[] }>(
      await admin.upload('/api/v1/holidays/import?dry_run=1', bad.join('\r\n')),
    ).data;
    expect(dry.errors.map((e) => `${e.row}:${e.field}`)).toEqual(['3:date']);
    const refused = await admin.upload('/api/v1/holidays/import', bad.join('\r\n'));
    expect(body(refused).code).toBe(400001);
    expect(await t.rowCount(holidays)).toBe(before);

    const good = [header, ',jp,2030-01-01,元日,public,', ',jp,2030-01-14,成人の日,public,Second Monday'];
    const done = body<{ create: unknown[] }>(
      await admin.upload('/api/v1/holidays/import', good.join('\r\n')),
    ).data;
    expect(done.create).toHaveLength(2);
    expect(await t.rowCount(holidays)).toBe(before + 2);
    const jp = body<List>(await admin.get('/api/v1/holidays?region=jp')).data;
    expect(jp.list.map((d) => [d.date, d.name])).toEqual([
      ['2030-01-01', '元日'],
      ['2030-01-14', '成人の日'],
    ]);
    // The same file again: the days are taken, nothing changes.
    const twice = await admin.upload('/api/v1/holidays/import', good.join('\r\n'));
    expect(body(twice).code).toBe(400001);
    expect(await t.rowCount(holidays)).toBe(before + 2);
  });

  it('needs the permission per action; another CP never sees the calendar', async () => {
    const created = body<Holiday>(
      await t.admin.post('/api/v1/holidays', { region: 'sg', date: '2030-08-09', name: 'National Day' }),
    ).data;
    const viewer = await t.staff(['offline/see/holiday'], null);
    expect(body<List>(await viewer.get('/api/v1/holidays?region=sg')).data.total).toBe(1);
    expect(
      body(await viewer.post('/api/v1/holidays', { region: 'sg', date: '2030-08-10', name: 'x' })).code,
    ).toBe(403001);
    expect(body(await viewer.del(`/api/v1/holidays/${created.id}`)).code).toBe(403001);
    const nobody = await t.staff([], null);
    expect(body(await nobody.get('/api/v1/holidays')).code).toBe(403001);
    expect(body(await nobody.get('/api/v1/holidays/regions')).code).toBe(403001);
    const hw = await t.signIn('ops_hw');
    expect(body(await hw.get(`/api/v1/holidays/${created.id}`)).code).toBe(404001);
    expect(body<List>(await hw.get('/api/v1/holidays?region=sg')).data.total).toBe(0);
    expect(body<{ regions: string[] }>(await hw.get('/api/v1/holidays/regions')).data.regions).not.toContain(
      'sg',
    );
  });
});
