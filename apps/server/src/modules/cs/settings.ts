import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  businessMinutes,
  CS_DEFAULT_SETTINGS,
  csSettingsAccess,
  csSettingsBody,
  csTeamAccess,
  csTeamBody,
  csTeamUpdateBody,
  ErrorCode,
  idParam,
  type CsSettings,
  type CsSla,
  type CsTeam,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema.ts';
import type { ProductScope, Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { logChange } from '../../lib/operation-log.ts';
import { fieldError, isUniqueViolation } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { can, scopeOf, productScopeOf } from '../../lib/route-access.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { holidaysBetween } from '../holidays/index.ts';
import { gameDocument } from './game-document.ts';
import { csAgents, csSettings, csTeams } from './tables.ts';
import { readConversation } from './read-conversation.ts';

/**
 * Service settings of a game (business hours, holidays, auto-resolve, survey, assignment mode,
 * offline message, SLA targets) and the CP's teams. The SLA clocks count business minutes net of
 * the holiday calendar's closed days.
 */

type SettingsValues = Omit<CsSettings, 'version' | 'updated_at'>;

const settingsDocument = gameDocument<SettingsValues>(csSettings, CS_DEFAULT_SETTINGS, 'cs_settings');
/** A game's settings (the defaults until saved). */
export const settingsOf = (db: Db, productId: number): Promise<CsSettings> =>
  settingsDocument.read(db, productId);

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The closed days (holidays, not make-up working days) of the settings' calendar around a window:
 * a day's margin each side, as the local days of the zone may straddle UTC days.
 */
export async function closedDaysOf(
  db: Db,
  cpId: number,
  settings: Pick<CsSettings, 'holiday_region'>,
  from: Date,
  to: Date,
): Promise<Set<string>> {
  if (!settings.holiday_region) return new Set();
  const days = await holidaysBetween(
    db,
    cpId,
    settings.holiday_region,
    dayOf(new Date(from.getTime() - 86_400_000)),
    dayOf(new Date(to.getTime() + 86_400_000)),
  );
  return new Set(days.filter((d) => d.kind !== 'workday').map((d) => d.date));
}

type SlaTimes = {
  handedOffAt: Date | null;
  createdAt: Date;
  firstResponseAt: Date | null;
  resolvedAt: Date | null;
};

/** The two SLA clocks of a conversation at `now`, in business minutes. */
export function slaOf(
  row: SlaTimes,
  settings: CsSettings,
  closed: ReadonlySet<string>,
  now = new Date(),
): CsSla {
  const start = row.handedOffAt ?? row.createdAt;
  const clock = (end: Date | null, target: number) => {
    const minutes = businessMinutes(start, end ?? now, settings, closed);
    const state = minutes > target ? 'breached' : end ? 'met' : 'running';
    return { minutes, target, state } as const;
  };
  return {
    first_reply: clock(row.firstResponseAt, settings.sla_first_reply_minutes),
    resolution: clock(row.resolvedAt, settings.sla_resolution_minutes),
  };
}

export async function conversationSla(db: Db, scope: ProductScope, id: number): Promise<CsSla> {
  const row = await readConversation(db, scope, id);
  const settings = await settingsOf(db, scope.productId);
  const now = new Date();
  const closed = await closedDaysOf(db, scope.cpId, settings, row.handedOffAt ?? row.createdAt, now);
  return slaOf(row, settings, closed, now);
}

// ---- Teams ----

async function teamsOf(db: Db, cpId: number, ids?: number[]): Promise<CsTeam[]> {
  const rows = await db
    .select()
    .from(csTeams)
    .where(and(eq(csTeams.cpId, cpId), ids ? inArray(csTeams.id, ids) : undefined))
    .orderBy(asc(csTeams.name));
  const members = await db
    .select({ teamId: csAgents.teamId, userId: csAgents.userId, username: users.username })
    .from(csAgents)
    .innerJoin(users, eq(users.id, csAgents.userId))
    .where(and(eq(csAgents.cpId, cpId)))
    .orderBy(asc(users.username));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    languages: row.languages,
    members: members
      .filter((m) => m.teamId === row.id)
      .map((m) => ({ user_id: m.userId, username: m.username })),
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  }));
}

async function teamOf(db: Db, scope: Scope, id: number): Promise<CsTeam> {
  const [team] = await teamsOf(db, scope.cpId, [id]);
  if (!team) throw new ApiError(ErrorCode.NOT_FOUND);
  return team;
}

/** Puts exactly these agents of the CP in the team (an agent leaves any other team). */
async function setMembers(tx: Db, scope: Scope, teamId: number, members: number[]): Promise<void> {
  if (members.length > 0) {
    const found = await tx
      .select({ userId: csAgents.userId })
      .from(csAgents)
      .where(and(eq(csAgents.cpId, scope.cpId), inArray(csAgents.userId, members)));
    if (found.length !== new Set(members).size) throw fieldError(scope.lang, 'members', 'unknown_ref');
  }
  await tx
    .update(csAgents)
    .set({ teamId: null })
    .where(and(eq(csAgents.cpId, scope.cpId), eq(csAgents.teamId, teamId)));
  if (members.length > 0) {
    await tx
      .update(csAgents)
      .set({ teamId })
      .where(and(eq(csAgents.cpId, scope.cpId), inArray(csAgents.userId, members)));
  }
}

async function nameTaken<T>(scope: Scope, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'cs_teams_name')) throw fieldError(scope.lang, 'name', 'taken');
    throw error;
  }
}

export function csSettingsRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['cs'];

  settingsDocument.routes(fastify, db, {
    path: '/cs/settings',
    access: csSettingsAccess,
    body: csSettingsBody,
    summary: {
      read: "The game's service settings",
      update: "Change the game's service settings (its version)",
    },
  });
  app.get(
    '/cs/conversations/:id/sla',
    {
      schema: {
        tags,
        summary: "A conversation's first-reply and resolution SLA, in business minutes",
        params: idParam,
      },
      config: can(csSettingsAccess, 'read'),
    },
    async (request) => ok(await conversationSla(db, productScopeOf(request), request.params.id)),
  );

  app.get(
    '/cs/teams',
    { schema: { tags, summary: "The CP's teams with their agents" }, config: can(csTeamAccess, 'read') },
    async (request) => ok({ list: await teamsOf(db, scopeOf(request).cpId) }),
  );
  app.post(
    '/cs/teams',
    { schema: { tags, summary: 'A new team', body: csTeamBody }, config: can(csTeamAccess, 'create') },
    async (request) => {
      const scope = scopeOf(request);
      const { name, languages, members } = request.body;
      const id = await nameTaken(scope, () =>
        db.transaction(async (tx) => {
          const [row] = await tx.insert(csTeams).values({ cpId: scope.cpId, name, languages }).returning();
          await setMembers(tx, scope, row!.id, members);
          await logChange(tx, scope, {
            action: 'create',
            targetType: 'cs_team',
            targetId: row!.id,
            targetName: name,
            after: { name, languages, members },
          });
          return row!.id;
        }),
      );
      return ok(await teamOf(db, scope, id));
    },
  );
  app.put(
    '/cs/teams/:id',
    {
      schema: { tags, summary: 'Change a team (its version)', params: idParam, body: csTeamUpdateBody },
      config: can(csTeamAccess, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      const { version, members, ...changes } = request.body;
      const before = await teamOf(db, scope, id);
      await nameTaken(scope, () =>
        db.transaction(async (tx) => {
          await updateVersioned(
            tx,
            csTeams,
            and(eq(csTeams.id, id), eq(csTeams.cpId, scope.cpId))!,
            version,
            changes,
          );
          if (members) await setMembers(tx, scope, id, members);
          await logChange(tx, scope, {
            action: 'update',
            targetType: 'cs_team',
            targetId: id,
            targetName: changes.name ?? before.name,
            before,
            after: { ...changes, ...(members ? { members } : {}) },
          });
        }),
      );
      return ok(await teamOf(db, scope, id));
    },
  );
  app.delete(
    '/cs/teams/:id',
    { schema: { tags, summary: 'Delete a team', params: idParam }, config: can(csTeamAccess, 'delete') },
    async (request) => {
      const scope = scopeOf(request);
      const before = await teamOf(db, scope, request.params.id);
      await db.transaction(async (tx) => {
        await tx.delete(csTeams).where(and(eq(csTeams.id, before.id), eq(csTeams.cpId, scope.cpId)));
        await logChange(tx, scope, {
          action: 'delete',
          targetType: 'cs_team',
          targetId: before.id,
          targetName: before.name,
          before,
        });
      });
      return ok(null);
    },
  );
}
