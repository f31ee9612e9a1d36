/**
 * The secrets of links e-mailed to customers (a price proposal's accept or
 * reject link), derived from a server key and the event that sent them: the
 * same event always gives the same link, so a message sent again after a
 * crash carries the link that works, while only its hash is ever stored.
 */
export interface LinkSecrets {
  /** A URL-safe secret (≥128 bits) for this name (an event id). */
  secretFor(name: string): string;
}
