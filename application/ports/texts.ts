import type { Locale } from '../../domain/organizations/events.js';

/** The API's texts (each part's, in the four locales), for the few answers that carry words: the menu's labels. */
export interface Texts {
  /** The text at `path`, in `locale` (English when missing), or the path itself. */
  text(locale: Locale, path: string, values?: Record<string, unknown>): string;
}
