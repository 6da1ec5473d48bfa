import { sql } from 'drizzle-orm';
import type { ViolationEventCategory } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { violationTemplates } from '../violation-templates/tables.ts';
import { violationEvents, violators } from './tables.ts';

interface DemoViolator {
  events: {
    category: ViolationEventCategory;
    server: string;
    hoursAgo: number;
    evidence: Record<string, unknown>;
  }[];
  status?: { status: 'dismissed' | 'handled'; note: string };
}

const DEMO: DemoViolator[] = [
  {
    events: [
      { category: 'speed_hack', server: 's1', hoursAgo: 30, evidence: { speed: 3.4, expected: 1.0 } },
      { category: 'speed_hack', server: 's1', hoursAgo: 6, evidence: { speed: 4.1, expected: 1.0 } },
      {
        category: 'abnormal_gains',
        server: 's1',
        hoursAgo: 5,
        evidence: { gold: 2_000_000, window_min: 10 },
      },
    ],
  },
  {
    events: [
      { category: 'botting', server: 's2', hoursAgo: 50, evidence: { same_path_loops: 420 } },
      { category: 'botting', server: 's2', hoursAgo: 26, evidence: { same_path_loops: 515 } },
      { category: 'botting', server: 's3', hoursAgo: 2, evidence: { same_path_loops: 610 } },
    ],
  },
  {
    events: [
      { category: 'chat_abuse', server: 's1', hoursAgo: 12, evidence: { words: 3, channel: 'world' } },
    ],
  },
  {
    events: [
      { category: 'illegal_trade', server: 's2', hoursAgo: 70, evidence: { item: 'legend_sword', price: 1 } },
      { category: 'illegal_trade', server: 's2', hoursAgo: 40, evidence: { item: 'legend_sword', price: 1 } },
    ],
    status: { status: 'dismissed', note: 'Guild gift, confirmed by the guild leader' },
  },
];

/**
 * A few violators of the demo game (players already seeded): events of each category over the
 * last three days, one dismissed; and one botting template to apply, unless the game has it.
 */
export async function seedDemoViolations(db: Db, product: { id: number; cpId: number }): Promise<void> {
  const players = await queryRows<{ id: number; openid: string; device_id: string | null }>(
    db,
    sql`select p.id, p.openid, (select d.device_id from player_devices d where d.player_id = p.id limit 1) as device_id
      from players p where p.product_id = ${product.id} order by p.id offset 20 limit ${DEMO.length}`,
  );
  const now = Date.now();
  for (const [i, demo] of DEMO.entries()) {
    const player = players[i];
    if (!player) break;
    const playerId = Number(player.id);
    await db.insert(violationEvents).values(
      demo.events.map((e, n) => ({
        cpId: product.cpId,
        productId: product.id,
        eventId: `demo-${playerId}-${n + 1}`,
        playerId,
        openid: player.openid,
        server: e.server,
        category: e.category,
        occurredAt: new Date(now - e.hoursAgo * 3_600_000),
        rule: `${e.category}-detector`,
        evidence: e.evidence,
        deviceId: player.device_id ?? '',
      })),
    );
    await db.insert(violators).values({
      playerId,
      cpId: product.cpId,
      productId: product.id,
      openid: player.openid,
      ...(demo.status
        ? {
            status: demo.status.status,
            note: demo.status.note,
            handledByName: 'admin',
            handledAt: new Date(now - 3_600_000),
          }
        : {}),
    });
  }
  await db
    .insert(violationTemplates)
    .values({
      cpId: product.cpId,
      productId: product.id,
      code: 'BOT-01',
      name: 'Botting',
      category: 'botting',
      ladder: [
        { action: 'warn', duration_minutes: null },
        { action: 'mute', duration_minutes: 1440 },
        { action: 'account', duration_minutes: 10_080 },
      ],
      message: {
        zh: '检测到脚本挂机行为',
        en: 'Automated play (botting) was detected on your account',
        ja: 'お客様のアカウントで自動操作（BOT行為）が検出されました',
        th: 'ตรวจพบการเล่นอัตโนมัติ (บอท) ในบัญชีของคุณ',
        vi: 'Phát hiện chơi tự động (dùng bot) trên tài khoản của bạn',
        tl: 'May natuklasang awtomatikong paglalaro (bot) sa iyong account',
        id: 'Permainan otomatis (bot) terdeteksi di akun Anda',
        ar: 'تم رصد لعب آلي (روبوت) على حسابك',
        tc: '偵測到腳本掛機行為',
      },
    })
    .onConflictDoNothing();
}
