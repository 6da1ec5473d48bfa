import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cpSettingsBody, idParam, staffResetPasswordBody } from '@rx/contracts';
import { rolesResource, staffResource } from '@rx/contracts/system-admin';
import type { Db } from '../../db/index.ts';
import { ok } from '../../lib/request.ts';
import { ADMIN, can, resourceScope, scopeOf } from '../../lib/route-access.ts';
import { tableRoutes } from '../../lib/table-io.ts';
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

  {
    const resource = staffResource;
    const path = `/${resource.name}`;
    const tags = [resource.name];
    app.get(
      path,
      {
        schema: { tags, summary: "List the CP's staff", querystring: resource.list },
        config: can(resource, 'read'),
      },
      async (request) => ok(await listStaff(db, scopeOf(request), request.query)),
    );
    app.get(
      `${path}/:id`,
      { schema: { tags, summary: 'One staff member', params: idParam }, config: can(resource, 'read') },
      async (request) => ok(await getStaff(db, scopeOf(request), request.params.id)),
    );
    app.post(
      path,
      {
        schema: {
          tags,
          summary: 'Create a staff member (must change the password at first sign-in)',
          body: resource.create,
        },
        config: can(resource, 'create'),
      },
      async (request) => ok(await createStaff(db, scopeOf(request), request.body)),
    );
    app.put(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: 'Update language, type and roles (body carries the version)',
          params: idParam,
          body: resource.update,
        },
        config: can(resource, 'update'),
      },
      async (request) => ok(await updateStaff(db, scopeOf(request), request.params.id, request.body)),
    );
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
    app.delete(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: 'Delete a staff member; one the operation log names is disabled (422001)',
          params: idParam,
        },
        config: can(resource, 'delete'),
      },
      async (request) => ok(await deleteStaff(db, scopeOf(request), request.params.id)),
    );
    tableRoutes(app, db, {
      path,
      tags,
      exportQuery: resource.export,
      access: (request, action) => resourceScope(db, request, resource, action),
      config: (action) => can(resource, action),
      exporter: staffTable,
    });
  }

  {
    const resource = rolesResource;
    const path = `/${resource.name}`;
    const tags = [resource.name];
    app.get(
      path,
      {
        schema: { tags, summary: "List the CP's roles", querystring: resource.list },
        config: can(resource, 'read'),
      },
      async (request) => ok(await listRoles(db, scopeOf(request), request.query)),
    );
    app.get(
      `${path}/:id`,
      {
        schema: { tags, summary: 'One role with its permissions', params: idParam },
        config: can(resource, 'read'),
      },
      async (request) => ok(await getRole(db, scopeOf(request), request.params.id)),
    );
    app.post(
      path,
      {
        schema: {
          tags,
          summary: 'Create a role (permissions from the page catalogue)',
          body: resource.create,
        },
        config: can(resource, 'create'),
      },
      async (request) => ok(await createRole(db, scopeOf(request), request.body)),
    );
    app.put(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: "Update a role (body carries its version); its holders' access is renewed (305004)",
          params: idParam,
          body: resource.update,
        },
        config: can(resource, 'update'),
      },
      async (request) => ok(await updateRole(db, scopeOf(request), request.params.id, request.body)),
    );
    app.delete(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: 'Delete a role; one staff hold is disabled instead (422001)',
          params: idParam,
        },
        config: can(resource, 'delete'),
      },
      async (request) => ok(await deleteRole(db, scopeOf(request), request.params.id)),
    );
    tableRoutes(app, db, {
      path,
      tags,
      exportQuery: resource.export,
      access: (request, action) => resourceScope(db, request, resource, action),
      config: (action) => can(resource, action),
      exporter: roleTable,
      importer: roleTable,
    });
  }

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
