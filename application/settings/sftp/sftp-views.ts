/**
 * What the SFTP settings routes answer (TypeBox): the handlers' return
 * types, the OpenAPI schemas, the types the dashboard imports.
 */
import { CatalogImportSummaryView } from '../../catalog/transfer/transfer-views.js';
import { DateTime, Nullable, StringEnum, Type, type Static } from '../../views/schema.js';
import { SFTP_IMPORT_STATUSES } from '../../../domain/settings/sftp/sftp.js';

export const SFTP_HISTORY_TYPES = ['SftpAccessEnabled', 'SftpAccessDisabled', 'SftpImportConfigurationChanged'] as const;

export const SftpSettingsView = Type.Object(
  {
    organizationId: Type.String(),
    accountId: Type.String(),
    access: Type.Object({
      status: StringEnum(['enabled', 'disabled'] as const),
      protocol: Type.Literal('sftp'),
      host: Type.String({ description: 'Where the platform’s SFTP server answers.' }),
      port: Nullable(Type.Integer({ minimum: 1, maximum: 65535, description: 'Null: the SFTP server is not running on this installation (SFTP_PORT=0).' })),
      username: Nullable(Type.String({ description: 'Derived from the account; the password is answered only once, when the access is enabled.' })),
      enabledAt: Nullable(DateTime),
    }),
    importConfiguration: Type.Object({
      catalog: Type.Object({ accountId: Type.String(), name: Type.String() }, { description: 'The catalogue the file’s products go into: the retailer’s own.' }),
      parentCategories: Type.Array(Type.Object({ id: Type.String(), label: Type.String(), identifier: Type.String() }), {
        description: 'The categories the file’s lines may place products in (and those below them); empty: anywhere in the catalogue.',
      }),
      suffix: Nullable(Type.String({ description: 'Appended to each category identifier the file names before it is looked up.' })),
      status: StringEnum(SFTP_IMPORT_STATUSES, { description: 'active: a dropped file is imported; inactive: it waits.' }),
      fileName: Type.String({ description: 'The file the import reads: products-import.csv, at the folder’s root.' }),
    }),
    lastImport: Nullable(CatalogImportSummaryView),
    limits: Type.Object({ maxFileBytes: Type.Integer({ minimum: 1 }), maxFiles: Type.Integer({ minimum: 1 }) }),
    revision: Type.Integer({ minimum: -1, description: 'The settings stream’s revision (the ETag; -1: never set): send it back as If-Match.' }),
  },
  { title: 'SftpSettings' },
);
export type SftpSettingsView = Static<typeof SftpSettingsView>;

export const SftpCredentialsView = Type.Object(
  {
    username: Type.String(),
    password: Type.String({ description: 'Shown this once: only its hash is kept. Enabling again gives a new one.' }),
    host: Type.String(),
    port: Nullable(Type.Integer({ minimum: 1, maximum: 65535 })),
    revision: Type.Integer({ minimum: 0 }),
  },
  { title: 'SftpCredentials' },
);
export type SftpCredentialsView = Static<typeof SftpCredentialsView>;

export const SftpHistory = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          eventId: Type.String(),
          revision: Type.Integer({ minimum: 0 }),
          type: StringEnum(SFTP_HISTORY_TYPES),
          at: DateTime,
          user: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
          reason: Nullable(Type.String()),
          changes: Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() })),
        },
        { title: 'SftpHistoryEntry' },
      ),
    ),
  },
  { title: 'SftpHistory', description: 'Never a password nor its hash: an enabling shows the status and the user name.' },
);
export type SftpHistory = Static<typeof SftpHistory>;
