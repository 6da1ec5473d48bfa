import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cpSettingsBody, idParam, staffResetPasswordBody } from '@rx/contracts';
import { rolesResource, staffResource } from '@rx/contracts/system-admin';
import type { Db } from '../../db/index.ts';
import { ok } from '../../lib/request.ts';
import { resourceTableRoutes, standardRoutes } from '../../lib/resource-routes.ts';
import { ADMIN, can, scopeOf } from '../../lib/route-access.ts';
import { getCpSettings, updateCpSettings } from './cp-settings.ts';
import { roleTable, staffTable } from './io.ts';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.ts';
import {
  createStaff,
  deleteStaff,
  resetStaffPassword,
  setStaffDisabled,
  updateStaff,
} from './staff-writes.ts';
import { getStaff, listStaff } from './staff.ts';
import { publishAccessChanges } from './live-events.ts';

/**
 * System administration, for the CP's admins only (403001 for anyone else): `/staff`, `/roles`,
 * `/cp-settings`. Another CP's staff and roles are never found (404001). Staff and roles are
 * described in contracts (their pages are admin-only, so every action needs the admin role); their
 * services stay their own because a row is answered with what other tables hold (a staff member's
 * roles, a role's permissions and holders) and their writes renew their holders' access.
 */
export async function systemAdminRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  // Consoles of the staff whose access changed reload their menu (live updates, every instance).
  publishAccessChanges(fastify, db);

  standardRoutes(
    app,
    db,
    staffResource,
    { list: listStaff, get: getStaff, create: createStaff, update: updateStaff, remove: deleteStaff },
    {
      list: "List the CP's staff",
      get: 'One staff member',
      create: 'Create a staff member (must change the password at first sign-in)',
      update: 'Update language, type and roles (body carries the version)',
      delete: 'Delete a staff member; one the operation log names is disabled (422001)',
    },
  );
  {
    const resource = staffResource;
    const path = `/${resource.name}`;
    const tags = [resource.name];
    app.post(
      `${path}/:id/disable`,
      {
        schema: { tags, summary: 'Disable a staff member (their sign-ins end)', params: idParam },
        config: can(resource, 'update'),
      },
      async (request) => ok(await setStaffDisabled(db, scopeOf(request), request.params.id, true)),
    );
    app.post(
      `${path}/:id/enable`,
      {
        schema: { tags, summary: 'Enable a staff member', params: idParam },
        config: can(resource, 'update'),
      },
      async (request) => ok(await setStaffDisabled(db, scopeOf(request), request.params.id, false)),
    );
    app.post(
      `${path}/:id/reset-password`,
      {
        schema: {
          tags,
          summary: 'Set a new initial password (changed at next sign-in); their sign-ins end',
          params: idParam,
          body: staffResetPasswordBody,
        },
        config: can(resource, 'update'),
      },
      async (request) =>
        ok(await resetStaffPassword(db, scopeOf(request), request.params.id, request.body.password)),
    );
  }
  resourceTableRoutes(app, db, staffResource, { exporter: staffTable });

  standardRoutes(
    app,
    db,
    rolesResource,
    { list: listRoles, get: getRole, create: createRole, update: updateRole, remove: deleteRole },
    {
      list: "List the CP's roles",
      get: 'One role with its permissions',
      create: 'Create a role (permissions from the page catalogue)',
      update: "Update a role (body carries its version); its holders' access is renewed (305004)",
      delete: 'Delete a role; one staff hold is disabled instead (422001)',
    },
  );
  resourceTableRoutes(app, db, rolesResource, { exporter: roleTable, importer: roleTable });

  app.get(
    '/cp-settings',
    { schema: { tags: ['cp-settings'], summary: "The CP's own settings" }, config: ADMIN },
    async (request) => ok(await getCpSettings(db, scopeOf(request))),
  );
  app.put(
    '/cp-settings',
    {
      schema: {
        tags: ['cp-settings'],
        summary: 'Update the publish area and gateway domain (body carries the version)',
        body: cpSettingsBody,
      },
      config: ADMIN,
    },
    async (request) => ok(await updateCpSettings(db, scopeOf(request), request.body)),
  );
}
