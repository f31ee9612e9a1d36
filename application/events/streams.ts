/**
 * Stream names are `<category>-<id>`: the category is lower-case letters,
 * digits and underscores, never a hyphen, so the first hyphen always ends it
 * (EventStoreDB's `$by_category` reads categories the same way). No category
 * can then be a prefix of another's names: `payment-…` and `payment_mode-…`
 * never meet. Each part declares the categories it owns
 * (`application/<part>/streams.ts`); the module assembly refuses a category
 * declared twice.
 */
export const STREAM_CATEGORY_PATTERN = /^[a-z][a-z0-9_]*$/;

export interface StreamCategory {
  readonly category: string;
  /** The stream of one aggregate. */
  name(id: string): string;
  /** Whether the stream belongs to this category. */
  owns(streamName: string): boolean;
  /** The aggregate id of one of this category's streams. */
  idOf(streamName: string): string;
}

export function streamCategory(category: string): StreamCategory {
  if (!STREAM_CATEGORY_PATTERN.test(category)) {
    throw new Error(`Stream category "${category}" must match ${String(STREAM_CATEGORY_PATTERN)}`);
  }
  const prefix = `${category}-`;
  return {
    category,
    name: (id) => {
      if (id === '') throw new Error(`An empty id names no ${category} stream`);
      return prefix + id;
    },
    owns: (streamName) => streamName.startsWith(prefix),
    idOf: (streamName) => {
      if (!streamName.startsWith(prefix)) throw new Error(`Stream ${streamName} is not a ${category} stream`);
      return streamName.slice(prefix.length);
    },
  };
}

/** The category of any stream name: everything before the first hyphen. */
export function categoryOf(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash < 0 ? streamName : streamName.slice(0, dash);
}
