/** What the design's routes answer (issue 23): the design with its colours' contrast, its history, an uploaded file. */
import { SETTINGS_FILE_KINDS, SNIFFED_TYPES } from '../../../domain/settings/design/settings-file-rules.js';
import { DateTime, Nullable, StringEnum, Type, Uuid, type Static } from '../../views/schema.js';

export const ColorContrastView = Type.Object(
  {
    color: Type.String({ pattern: '^#[0-9A-F]{6}$' }),
    text: Type.String({ description: 'The text colour drawn on it: white or near black, whichever contrasts more.' }),
    ratio: Type.Number({ minimum: 1, maximum: 21, description: 'The WCAG contrast ratio, rounded down to two decimals.' }),
    passesAA: Type.Boolean({ description: 'At least 4.5:1 (WCAG AA, normal text).' }),
  },
  { title: 'ColorContrast' },
);
export type ColorContrastView = Static<typeof ColorContrastView>;

export const DesignView = Type.Object(
  {
    accountId: Type.String(),
    mainColor: Type.String({ description: 'The primary colour (#RRGGBB).' }),
    secondaryColor: Nullable(Type.String()),
    logoFileId: Nullable(Type.String()),
    logoUrl: Nullable(Type.String({ description: 'What both apps show in their header (a settings file, or the account’s logo from before the design).' })),
    faviconFileId: Nullable(Type.String()),
    faviconUrl: Nullable(Type.String()),
    contrast: Type.Object({ mainColor: Nullable(ColorContrastView), secondaryColor: Nullable(ColorContrastView) }),
    revision: Type.Integer({ minimum: 0, description: 'The account stream’s revision, for If-Match.' }),
  },
  { title: 'Design', description: 'A retailer’s design (specification 002 "/design").' },
);
export type DesignView = Static<typeof DesignView>;

export const DesignHistoryEntryView = Type.Object(
  {
    eventId: Type.String(),
    type: StringEnum(['AccountOpened', 'AccountDesignChanged'] as const),
    at: DateTime,
    userId: Nullable(Type.String()),
    userName: Nullable(Type.String()),
    /** Each field it set, with its value (an opening: its main colour). */
    changes: Type.Record(Type.String(), Nullable(Type.String())),
  },
  { title: 'DesignHistoryEntry' },
);
export type DesignHistoryEntryView = Static<typeof DesignHistoryEntryView>;
export const DesignHistoryView = Type.Object({ items: Type.Array(DesignHistoryEntryView) }, { title: 'DesignHistory' });
export type DesignHistoryView = Static<typeof DesignHistoryView>;

export const SettingsFileAnswer = Type.Object(
  {
    id: Uuid,
    url: Type.String({ description: 'Where anyone reads it (GET /api/settings-files/{id}).' }),
    kind: StringEnum(SETTINGS_FILE_KINDS),
    contentType: StringEnum(SNIFFED_TYPES, { description: 'The type its bytes are.' }),
    sizeBytes: Type.Integer({ minimum: 1 }),
    width: Nullable(Type.Integer({ minimum: 1, description: 'An image’s width in pixels, read from its bytes; null for an ICO or a PDF.' })),
    height: Nullable(Type.Integer({ minimum: 1, description: 'An image’s height in pixels, read from its bytes.' })),
  },
  { title: 'SettingsFileUploaded' },
);
export type SettingsFileAnswer = Static<typeof SettingsFileAnswer>;
