import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { csPersonnelAccess, type CsAgent, type CsConversation } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { users } from '../../db/schema.ts';

// Personnel settings: staff become agents with a capacity; assignment honours it; a supervisor
// sets capacity and status; removing an agent puts their conversations back in the queue.

const t = useTestApp();
const admin = t.admin;
const perms = csPersonnelAccess.permissions;
const tag = Date.now().toString(36);
type Agents = { list: CsAgent[] };

async function userIdOf(username: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

describe('personnel settings', () => {
  it('adds an agent, gives them conversations up to the capacity set here, and takes them back on removal', async () => {
    const userId = await userIdOf(await t.staffWith([]));
    const candidates = body<{ list: { id: number }[] }>(
      await admin.get('/api/v1/cs/personnel/candidates'),
    ).data;
    expect(candidates.list.map((c) => c.id)).toContain(userId);

    const added = await admin.post('/api/v1/cs/personnel', { user_id: userId, capacity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    expect(body<CsAgent>(added).data).toMatchObject({
      user_id: userId,
      capacity: 1,
      status: 'offline',
      active: 0,
    });
    // Twice, or a stranger: refused on the field, nothing written.
    expect(body(await admin.post('/api/v1/cs/personnel', { user_id: userId })).code).toBe(400001);
    expect(body(await admin.post('/api/v1/cs/personnel', { user_id: 2_000_000_000 })).code).toBe(400001);
    expect(body(await admin.post('/api/v1/cs/personnel', { user_id: userId, capacity: 999 })).code).toBe(
      400001,
    );
    const logs = await t.logsOf('cs_agent', userId);
    expect(logs.map((l) => l.action)).toContain('create');

    // Online with room for one: two players waiting, one is given to them.
    const key = await t.gameKey(admin, 'personnel');
    const opened: number[] = [];
    for (const n of [1, 2]) {
      const openid = `pe${tag}_${n}`;
      const c = body<{ id: number }>(
        await t.signedCall(key, 'POST', '/api/game/v1/cs/conversations', { openid }),
      ).data;
      await t.signedCall(key, 'POST', `/api/game/v1/cs/conversations/${c.id}/messages`, {
        openid,
        text: '转人工',
      });
      opened.push(c.id);
    }
    const online = await admin.put(`/api/v1/cs/personnel/${userId}`, { status: 'online' });
    expect(online.statusCode, online.body).toBe(200);
    const agentOf = async (id: number) =>
      body<CsConversation>(await admin.get(`/api/v1/cs/conversations/${id}`)).data.assignee_id;
    const theirs = async () => (await Promise.all(opened.map(agentOf))).filter((a) => a === userId).length;
    // The file's database has no other agent: exactly one is theirs, the other waits.
    expect(await theirs()).toBe(1);
    expect((await Promise.all(opened.map(agentOf))).filter((a) => a === null)).toHaveLength(1);
    const listed = body<Agents>(await admin.get('/api/v1/cs/personnel')).data.list.find(
      (a) => a.user_id === userId,
    );
    expect(listed?.active).toBe(1);
    expect(listed?.status).toBe('online');

    // Removed: what they held goes back to the queue.
    expect(body(await admin.del(`/api/v1/cs/personnel/${userId}`)).code).toBe(0);
    expect(await theirs()).toBe(0);
    expect((await Promise.all(opened.map(agentOf))).filter((a) => a === null)).toHaveLength(2);
    const after = body<Agents>(await admin.get('/api/v1/cs/personnel')).data.list;
    expect(after.map((a) => a.user_id)).not.toContain(userId);
    expect(body(await admin.put(`/api/v1/cs/personnel/${userId}`, { capacity: 2 })).code).toBe(404001);
  });

  it('checks the page permissions, and keeps other CPs apart', async () => {
    const reader = await t.staff([perms.see]);
    expect((await reader.get('/api/v1/cs/personnel')).statusCode).toBe(200);
    expect(body(await reader.post('/api/v1/cs/personnel', { user_id: 1 })).code).toBe(403001);
    const nobody = await t.staff([]);
    expect(body(await nobody.get('/api/v1/cs/personnel')).code).toBe(403001);
    const csAgent = await userIdOf('cs_agent');
    await admin.post('/api/v1/cs/personnel', { user_id: csAgent });
    const otherCp = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    const theirs = body<Agents>(await otherCp.get('/api/v1/cs/personnel')).data.list;
    expect(theirs.map((a) => a.user_id)).not.toContain(csAgent);
    expect(body(await otherCp.put(`/api/v1/cs/personnel/${csAgent}`, { capacity: 3 })).code).toBe(404001);
    expect(body(await otherCp.post('/api/v1/cs/personnel', { user_id: csAgent })).code).toBe(400001);
  });
});
