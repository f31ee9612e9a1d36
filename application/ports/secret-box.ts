/**
 * Encrypts the secrets an administrator types into a configuration (a
 * connector's API key) before they reach any event or read model, and opens
 * them for the adapter that needs them. `context` binds a sealed value to
 * where it belongs (its configuration and property): one moved elsewhere
 * does not open.
 */
export interface SecretBox {
  seal(clear: string, context: string): string;
  /** The clear value; throws when it was not sealed by this installation's key for this context. */
  open(sealed: string, context: string): string;
}
