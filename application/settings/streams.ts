import { streamCategory } from '../events/streams.js';

/**
 * The settings part's stream categories (issue 23). A retailer's
 * configuration itself (design, home page, general settings, premium
 * features) is its account's: it is changed by the account's events on the
 * account's stream (domain/organizations/account), one consistency boundary
 * that the storefront's configuration is read from. The part owns what is
 * not the account's state.
 */
export const SETTINGS_STREAMS = {
  /** One per uploaded settings file (logo, favicon, the brand's PDFs): its bytes, type and size, once; the account names it by id. */
  file: streamCategory('settings_file'),
  /** One per account: its SFTP access (credentials enabled or disabled) and its SFTP import's configuration (parent categories, suffix, status). */
  sftp: streamCategory('settings_sftp'),
} as const;
