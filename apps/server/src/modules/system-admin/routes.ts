import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cpSettingsBody,
  idParam,
  roleCreateBody,
  roleExportQuery,
  roleListQuery,
  roleUpdateBody,
  staffCreateBody,
  staffExportQuery,
  staffListQuery,
  staffResetPasswordBody,
  staffUpdateBody,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { adminAccess } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
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

/**
 * System administration, for the CP's admins only (403001 for anyone else): `/staff`, `/roles`,
 * `/cp-settings`. Another CP's staff and roles are never found (404001).
 */
export async function systemAdminRoutes(
  fastify: FastifyInstance,
  options: { db: Db; authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void> },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const admin = (request: FastifyRequest) => adminAccess(db, request);
  app.addHook('onRequest', options.authenticate);

  {
    const tags = ['staff'];
    app.get(
      '/staff',
      { schema: { tags, summary: "List the CP's staff", querystring: staffListQuery } },
      async (request) => ok(await listStaff(db, await admin(request), request.query)),
    );
    app.get(
      '/staff/:id',
      { schema: { tags, summary: 'One staff member', params: idParam } },
      async (request) => ok(await getStaff(db, await admin(request), request.params.id)),
    );
    app.post(
      '/staff',
      {
        schema: {
          tags,
          summary: 'Create a staff member (must change the password at first sign-in)',
          body: staffCreateBody,
        },
      },
      async (request) => ok(await createStaff(db, await admin(request), request.body)),
    );
    app.put(
      '/staff/:id',
      {
        schema: {
          tags,
          summary: 'Update language, type and roles (body carries the version)',
          params: idParam,
          body: staffUpdateBody,
        },
      },
      async (request) => ok(await updateStaff(db, await admin(request), request.params.id, request.body)),
    );
    app.post(
      '/staff/:id/disable',
      { schema: { tags, summary: 'Disable a staff member (their sign-ins end)', params: idParam } },
      async (request) => ok(await setStaffDisabled(db, await admin(request), request.params.id, true)),
    );
    app.post(
      '/staff/:id/enable',
      { schema: { tags, summary: 'Enable a staff member', params: idParam } },
      async (request) => ok(await setStaffDisabled(db, await admin(request), request.params.id, false)),
    );
    app.post(
      '/staff/:id/reset-password',
      {
        schema: {
          tags,
          summary: 'Set a new initial password (changed at next sign-in); their sign-ins end',
          params: idParam,
          body: staffResetPasswordBody,
        },
      },
      async (request) =>
        ok(await resetStaffPassword(db, await admin(request), request.params.id, request.body.password)),
    );
    app.delete(
      '/staff/:id',
      {
        schema: {
          tags,
          summary: 'Delete a staff member; one the operation log names is disabled (422001)',
          params: idParam,
        },
      },
      async (request) => ok(await deleteStaff(db, await admin(request), request.params.id)),
    );
    tableRoutes(app, db, {
      path: '/staff',
      tags,
      exportQuery: staffExportQuery,
      access: admin,
      exporter: staffTable,
    });
  }

  {
    const tags = ['roles'];
    app.get(
      '/roles',
      { schema: { tags, summary: "List the CP's roles", querystring: roleListQuery } },
      async (request) => ok(await listRoles(db, await admin(request), request.query)),
    );
    app.get(
      '/roles/:id',
      { schema: { tags, summary: 'One role with its permissions', params: idParam } },
      async (request) => ok(await getRole(db, await admin(request), request.params.id)),
    );
    app.post(
      '/roles',
      {
        schema: {
          tags,
          summary: 'Create a role (permissions from the page catalogue)',
          body: roleCreateBody,
        },
      },
      async (request) => ok(await createRole(db, await admin(request), request.body)),
    );
    app.put(
      '/roles/:id',
      {
        schema: {
          tags,
          summary: "Update a role (body carries its version); its holders' access is renewed (305004)",
          params: idParam,
          body: roleUpdateBody,
        },
      },
      async (request) => ok(await updateRole(db, await admin(request), request.params.id, request.body)),
    );
    app.delete(
      '/roles/:id',
      {
        schema: {
          tags,
          summary: 'Delete a role; one staff hold is disabled instead (422001)',
          params: idParam,
        },
      },
      async (request) => ok(await deleteRole(db, await admin(request), request.params.id)),
    );
    tableRoutes(app, db, {
      path: '/roles',
      tags,
      exportQuery: roleExportQuery,
      access: admin,
      exporter: roleTable,
      importer: roleTable,
    });
  }

  app.get(
    '/cp-settings',
    { schema: { tags: ['cp-settings'], summary: "The CP's own settings" } },
    async (request) => ok(await getCpSettings(db, await admin(request))),
  );
  app.put(
    '/cp-settings',
    {
      schema: {
        tags: ['cp-settings'],
        summary: 'Update the publish area and gateway domain (body carries the version)',
        body: cpSettingsBody,
      },
    },
    async (request) => ok(await updateCpSettings(db, await admin(request), request.body)),
  );
}
