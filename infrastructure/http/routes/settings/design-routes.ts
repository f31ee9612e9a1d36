/**
 * The design (issue 23, specification 002 "/design"): upload a settings file
 * (logo, favicon, brand PDF; its type read from its bytes), read one (public,
 * cached), the account's design with its colours' contrast, its change by a
 * JSON merge-patch (If-Match: the account stream's revision) and its history.
 */
import { changeDesign } from '../../../../application/settings/design/design-commands.js';
import { designHistory, getDesign } from '../../../../application/settings/design/design-queries.js';
import { DesignHistoryView, DesignView, SettingsFileAnswer } from '../../../../application/settings/design/design-views.js';
import { settingsFile, uploadSettingsFile, type DesignPorts } from '../../../../application/settings/design/settings-files.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { SETTINGS_FILE_KINDS, SETTINGS_FILE_RULES } from '../../../../domain/settings/design/settings-file-rules.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { defineRoute, type Route } from '../../route.js';
import { StringEnum, Type, idParams, uuid } from '../schemas.js';
import { uploadedFile } from '../organizations/uploaded-file.js';

const tag = 'settings';
const manage = { kind: 'authenticated', permission: 'design.manage' } as const;
const HexColor = Type.String({ maxLength: 7, description: 'A hex colour, #rrggbb or #rgb (else DESIGN_COLOR_INVALID).' });
const FileId = Type.Union([uuid, Type.Null()]);
const notFound = { 404: 'No such account, or another’s (ACCOUNT_NOT_FOUND)' };
const MAX_UPLOAD = Math.max(...Object.values(SETTINGS_FILE_RULES).map((rule) => rule.maxBytes));

const DesignPatch = Type.Object(
  {
    mainColor: Type.Optional(HexColor),
    secondaryColor: Type.Optional(Type.Union([HexColor, Type.Null()])),
    logoFileId: Type.Optional(FileId),
    faviconFileId: Type.Optional(FileId),
  },
  { additionalProperties: false, description: 'A JSON merge-patch: what it names changes, null empties the secondary colour, the logo or the favicon.' },
);

export function designRoutes(ports: DesignPorts): Route[] {
  const onAccount = idParams('id');
  return [
    defineRoute({
      method: 'post',
      path: '/settings-files',
      operationId: 'uploadSettingsFile',
      summary:
        'Uploads a settings file of a kind (query `kind`): a logo JPG or PNG of at most 250 kB, a favicon ICO or PNG of at most 20 kB, a PDF of at most 250 kB, a home page banner JPG, PNG or WebP of at most 500 kB whose size in pixels its header gives (SETTINGS_FILE_IMAGE_SIZE_UNKNOWN; answered as width and height); its real type read from its bytes whatever its name or declared type (SETTINGS_FILE_TYPE_REFUSED, SETTINGS_FILE_TOO_LARGE); the body itself or the `file` field of a multipart form. Provider staff name the account (`accountId`). Answers its id (for the design) and its public url',
      tag,
      access: manage,
      query: Type.Object({ kind: StringEnum(SETTINGS_FILE_KINDS), accountId: Type.Optional(uuid) }, { additionalProperties: false }),
      upload: {
        contentTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/x-icon', 'image/vnd.microsoft.icon', 'application/pdf', 'application/octet-stream', 'multipart/form-data'],
        maxBytes: MAX_UPLOAD + 64 * 1024,
        description: 'The file: a logo (JPG, PNG ≤ 250 kB), a favicon (ICO, PNG ≤ 20 kB), a PDF (≤ 250 kB) or a home page banner (JPG, PNG, WebP ≤ 500 kB).',
      },
      idempotent: true,
      response: { status: 201, description: 'Stored', schema: SettingsFileAnswer },
      otherResponses: {
        400: 'No file (SETTINGS_FILE_REQUIRED)',
        403: 'Provider staff naming no account (ACCOUNT_REQUIRED)',
        404: 'Another account named (ACCOUNT_NOT_FOUND)',
        422: 'Not a type its kind accepts by its content (SETTINGS_FILE_TYPE_REFUSED), or larger than its kind allows (SETTINGS_FILE_TOO_LARGE), or a banner whose size in pixels its bytes do not give (SETTINGS_FILE_IMAGE_SIZE_UNKNOWN)',
      },
      async handler(context) {
        const { bytes } = uploadedFile(context.request, undefined);
        const { kind, accountId } = context.query;
        const { position, ...file } = await uploadSettingsFile.run(ports, commandContext(context), { kind, bytes, ...(accountId ? { accountId } : {}) });
        return { status: 201, position, body: file, headers: { Location: file.url } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/settings-files/{id}',
      operationId: 'getSettingsFile',
      summary: 'A settings file (a logo, a favicon, a brand PDF) to anyone: visitors see them; its id is random and its content never changes (cached for a year, ETag its id: If-None-Match answers 304)',
      tag,
      access: { kind: 'public' },
      params: idParams('id'),
      response: { status: 200, description: 'The file, as the type its bytes are', contentType: 'image/png' },
      otherResponses: { 404: 'No such file (SETTINGS_FILE_NOT_FOUND)' },
      async handler({ params, request }) {
        const file = await settingsFile(ports.documents, params.id);
        const etag = `"${params.id}"`;
        const headers = { 'Cache-Control': 'public, max-age=31536000, immutable', ETag: etag, 'X-Content-Type-Options': 'nosniff' };
        const known = (request.header('if-none-match') ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
        if (known) return { status: 304, headers, raw: { contentType: file.contentType, data: Buffer.alloc(0) } };
        return { headers, raw: { contentType: file.contentType, data: file.bytes } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/accounts/{id}/design',
      operationId: 'getDesign',
      summary: 'A retailer’s design: primary and secondary colours with their WCAG contrast against the text drawn on them, the logo and favicon (file ids and urls); its ETag the revision of the design’s last change for If-Match (the account’s other settings leave it as it is). Root managers: their own account; provider staff: any',
      tag,
      access: manage,
      params: onAccount,
      response: { status: 200, description: 'The design', schema: DesignView },
      otherResponses: notFound,
      async handler({ principal, params }) {
        const design = await getDesign(ports.documents, ports.eventStore, principal, params.id);
        return { body: design, headers: { ETag: etagOf(design.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/accounts/{id}/design',
      operationId: 'changeDesign',
      summary:
        'Changes a retailer’s design by a JSON merge-patch: each colour must reach 4.5:1 (WCAG AA) against the text drawn on it (DESIGN_COLOR_CONTRAST_TOO_LOW, with the ratio), each file be one of the account’s settings files of its kind (SETTINGS_FILE_NOT_FOUND, SETTINGS_FILE_KIND_MISMATCH); only the changed fields are written. Both apps use it from their next page load. If-Match: another change of the design since answers 412; a change of the account’s other settings does not',
      tag,
      access: manage,
      params: onAccount,
      body: DesignPatch,
      conditional: true,
      response: { status: 200, description: 'Saved (the new revision in ETag; unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: {
        ...notFound,
        412: 'If-Match names another revision (PRECONDITION_FAILED)',
        422: 'A colour not hex or below AA (DESIGN_COLOR_INVALID, DESIGN_COLOR_CONTRAST_TOO_LOW), a file not the account’s or not of its kind (SETTINGS_FILE_NOT_FOUND, SETTINGS_FILE_KIND_MISMATCH)',
      },
      async handler(context) {
        return commandResult(await changeDesign.run(ports, commandContext(context), { accountId: context.params.id, patch: context.body }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/accounts/{id}/design/history',
      operationId: 'getDesignHistory',
      summary: 'The design’s history, oldest first: the account’s opening (its main colour) and each change, with who, when and the values set',
      tag,
      access: manage,
      params: onAccount,
      response: { status: 200, description: 'The history', schema: DesignHistoryView },
      otherResponses: notFound,
      handler: async ({ principal, params }) => ({ body: { items: await designHistory(ports.eventStore, ports.documents, principal, params.id) } }),
    }),
  ];
}
