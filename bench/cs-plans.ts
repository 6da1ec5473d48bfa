// The plans of the service's hot reads — the statements of modules/cs/hot-reads.ts themselves, their
// text and values — on a database of many conversations: BENCH_CS_CONVERSATIONS (20,000) of
// BENCH_CS_MESSAGES_EACH (20) messages each over 50 agents, printed with EXPLAIN (ANALYZE, BUFFERS)
// for one conversation, its agent's queue, the unassigned queue and its player.
// Usage: DATABASE_URL=postgres://… npx tsx bench/cs-plans.ts (default: the embedded server in a
// new data folder). Not part of npm test.
import { fillPlaceholders, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import {
  agentReadStatement,
  playerReadStatement,
  queuePageStatement,
} from '../apps/server/src/modules/cs/hot-reads.ts';
import { machine, withBenchDatabase } from './support.ts';

const CONVERSATIONS = Number(process.env.BENCH_CS_CONVERSATIONS ?? 20_000);
const EACH = Number(process.env.BENCH_CS_MESSAGES_EACH ?? 20);
const mineShape = { queue: 'mine', state: false, q: false } as const;
const waitingShape = { queue: 'unassigned', state: false, q: false } as const;

type Statement = { getQuery(): { sql: string; params: unknown[] } };

/** The plan of a prepared statement with `values`, as PostgreSQL prints it. */
async function plan(pool: Pool, title: string, statement: Statement, values: Record<string, unknown>) {
  const { sql: text, params } = statement.getQuery();
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers, costs off) ${text}`,
    fillPlaceholders(params, values),
  );
  console.log(`\n-- ${title}`);
  for (const row of rows) console.log(row['QUERY PLAN']);
}

await withBenchDatabase('cs-plans', async (label, { db, pool }) => {
  await db.execute(sql`
    insert into cs_conversations (cp_id, product_id, openid, state, assignee_id, handed_off_at, first_response_at, agent_read_id)
    select 1, 1 + (g % 4), 'p' || g, case when g % 10 = 0 then 'open' else 'resolved' end,
      case when g % 7 = 0 then null else 1000 + (g % 50) end, now(), now(), (g - 1) * ${EACH} + ${EACH / 2}
    from generate_series(1, ${CONVERSATIONS}) g`);
  await db.execute(sql`
    insert into cs_messages (conversation_id, author, kind, body)
    select c.id, case when m % 2 = 0 then 'player' else 'agent' end,
      case when m % 9 = 0 then 'note' else 'text' end, 'message ' || m
    from cs_conversations c, generate_series(1, ${EACH}) m`);
  await db.execute(sql`analyze cs_conversations`);
  await db.execute(sql`analyze cs_messages`);
  const { rows } = await pool.query<{
    id: string;
    cp_id: number;
    product_id: number;
    assignee_id: number;
    openid: string;
    after: string;
  }>(
    `select c.id, c.cp_id, c.product_id, c.assignee_id, c.openid,
       (select max(id) - 3 from cs_messages where conversation_id = c.id) as after
     from cs_conversations c where state = 'open' and assignee_id is not null order by id desc limit 1`,
  );
  const c = rows[0]!;
  const [id, after] = [Number(c.id), Number(c.after)];
  console.log(
    `cs hot-read plans on ${label}: ${CONVERSATIONS} conversations, ${CONVERSATIONS * EACH} messages (${machine()})`,
  );
  await plan(pool, "the agent's read (agentReadStatement)", agentReadStatement(db), {
    id,
    cp: c.cp_id,
    product: c.product_id,
    after,
  });
  await plan(pool, "the player's read (playerReadStatement)", playerReadStatement(db), {
    id,
    product: c.product_id,
    openid: c.openid,
    after,
  });
  const page = { cp: c.cp_id, product: c.product_id, user: c.assignee_id, limit: 20, offset: 0 };
  await plan(pool, "an agent's queue, mine (queuePageStatement)", queuePageStatement(db, mineShape), page);
  await plan(pool, 'the unassigned queue (queuePageStatement)', queuePageStatement(db, waitingShape), page);
});
