/**
 * The retailer's SFTP (issue 23, specification 002 §3 "SFTP"): its settings
 * (the access and the import's configuration, the last SFTP import), the
 * access enabled (a password answered once) or disabled, the import's
 * configuration changed (merge-patch, If-Match), and the history. Under an
 * organization of the retailer (its root: the screens' `/configuration/{organizationId}/sftp`);
 * each needs the `sftp_access` premium feature.
 */
import type { Texts } from '../../../../application/ports/texts.js';
import type { JobQueue } from '../../../../application/jobs/job-queue.js';
import { configureSftpImport, disableSftpAccess, enableSftpAccess, SFTP_PERMISSION } from '../../../../application/settings/sftp/sftp-commands.js';
import type { SftpEndpoint, SftpPorts } from '../../../../application/settings/sftp/sftp-ports.js';
import { sftpHistory, sftpSettingsView } from '../../../../application/settings/sftp/sftp-queries.js';
import { SftpCredentialsView, SftpHistory, SftpSettingsView } from '../../../../application/settings/sftp/sftp-views.js';
import { SFTP_IMPORT_STATUSES, SFTP_PARENT_CATEGORIES_MAX, SFTP_SUFFIX_MAX } from '../../../../domain/settings/sftp/sftp.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { defineRoute, type Route } from '../../route.js';
import { transferTranslator } from '../catalog/transfer-routes.js';
import { StringEnum, Text, Type, idParams } from '../schemas.js';

const tag = 'settings: SFTP';
const access = { kind: 'authenticated' as const, permission: SFTP_PERMISSION };
const params = idParams('id');
const refusals = {
  403: 'The retailer lacks the SFTP premium feature (PREMIUM_FEATURE_NOT_ENABLED, details.feature sftp_access)',
  404: 'No such organization in the caller’s tenant (ENTITY_NOT_FOUND)',
};

export interface SftpRouteDeps extends SftpPorts {
  jobs: JobQueue;
  endpoint: SftpEndpoint;
}

export function sftpRoutes(deps: SftpRouteDeps, texts: Texts): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/organizations/{id}/sftp',
      operationId: 'getSftpSettings',
      summary:
        'The retailer’s SFTP: its access (status, protocol, host, port, user name; never the password) and its import’s configuration (the catalogue, the parent categories, the suffix, the status, the file read: products-import.csv), with the last import the SFTP inbox started (its status and counts; its report: GET /products/imports/{id}). `revision`: for If-Match',
      tag,
      access,
      params,
      response: { status: 200, description: 'The SFTP settings', schema: SftpSettingsView },
      otherResponses: refusals,
      async handler({ principal, params: { id: organizationId }, locale }) {
        const view = await sftpSettingsView(deps, principal, organizationId, transferTranslator(texts, locale));
        // No ETag: the last import changes without the settings' revision (a 304 would show a stale one); `revision` is in the body.
        return { body: view, headers: { 'Cache-Control': 'no-store' } };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/organizations/{id}/sftp/access',
      operationId: 'enableSftpAccess',
      summary:
        'Enables the retailer’s SFTP access: a new random password, answered this once and kept only as its argon2id hash; enabled again, a new password replaces the old one (a session opened with it is closed)',
      tag,
      access,
      params,
      response: { status: 200, description: 'The credentials, the password shown once (the new revision in ETag)', schema: SftpCredentialsView },
      otherResponses: refusals,
      async handler(context) {
        const outcome = await enableSftpAccess.run(deps, commandContext(context), { organizationId: context.params.id });
        return {
          position: outcome.position,
          headers: { ETag: etagOf(outcome.revision), 'Cache-Control': 'no-store' },
          body: { username: outcome.username, password: outcome.password, host: deps.endpoint.host, port: deps.endpoint.port(), revision: outcome.revision },
        };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/organizations/{id}/sftp/access',
      operationId: 'disableSftpAccess',
      summary: 'Disables the retailer’s SFTP access: the next sign-in is refused, and an open session is closed at its next request (within a second otherwise). Not enabled: 409 SFTP_ACCESS_NOT_ENABLED',
      tag,
      access,
      params,
      conditional: true,
      response: { status: 200, description: 'Disabled (the new revision in ETag)', schema: CommandAnswer },
      otherResponses: { ...refusals, 409: 'The access is not enabled (SFTP_ACCESS_NOT_ENABLED)', 412: 'If-Match names another revision (PRECONDITION_FAILED)' },
      handler: async (context) => commandResult(await disableSftpAccess.run(deps, commandContext(context), { organizationId: context.params.id })),
    }),
    defineRoute({
      method: 'patch',
      path: '/organizations/{id}/sftp/import-configuration',
      operationId: 'changeSftpImportConfiguration',
      summary:
        'Changes what the body names of the SFTP import’s configuration (JSON merge-patch): the parent categories (the retailer’s; a line placing a product elsewhere is ignored), the suffix appended to the file’s category identifiers, the status (inactive: a dropped file waits). If-Match with the settings’ revision: another change since answers 412',
      tag,
      access,
      params,
      body: Type.Object(
        {
          parentCategoryIds: Type.Optional(
            Type.Array(Text(64, 1), { maxItems: 2 * SFTP_PARENT_CATEGORIES_MAX, description: `At most ${SFTP_PARENT_CATEGORIES_MAX} of the retailer’s categories (SFTP_IMPORT_CATEGORY_UNKNOWN, SFTP_IMPORT_TOO_MANY_CATEGORIES).` }),
          ),
          suffix: Type.Optional(Type.Union([Text(2 * SFTP_SUFFIX_MAX, 0, { description: `At most ${SFTP_SUFFIX_MAX} letters, digits, '-', '_' or '.' (SFTP_IMPORT_SUFFIX_INVALID); empty or null: none.` }), Type.Null()])),
          status: Type.Optional(StringEnum(SFTP_IMPORT_STATUSES)),
        },
        { additionalProperties: false },
      ),
      conditional: true,
      response: { status: 200, description: 'Saved (the new revision in ETag; unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: { ...refusals, 412: 'If-Match names another revision (PRECONDITION_FAILED)', 422: 'A category not the retailer’s, too many, or a suffix of other characters (SFTP_IMPORT_CATEGORY_UNKNOWN, SFTP_IMPORT_TOO_MANY_CATEGORIES, SFTP_IMPORT_SUFFIX_INVALID)' },
      handler: async (context) => commandResult(await configureSftpImport.run(deps, commandContext(context), { organizationId: context.params.id, patch: { ...context.body } })),
    }),
    defineRoute({
      method: 'get',
      path: '/organizations/{id}/sftp/history',
      operationId: 'getSftpHistory',
      summary: 'Every change of the retailer’s SFTP settings, oldest first: access enabled (with its user name; never the password) or disabled, the import’s configuration changed (each field from, to), who and when',
      tag,
      access,
      params,
      response: { status: 200, description: 'The history', schema: SftpHistory },
      otherResponses: refusals,
      handler: async ({ principal, params: { id: organizationId } }) => ({ body: await sftpHistory(deps.documents, deps.eventStore, principal, organizationId) }),
    }),
  ];
}
