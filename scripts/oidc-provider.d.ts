/**
 * The few parts of oidc-provider (a development and test dependency, which
 * ships no types) that scripts/dev-idp.ts uses.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface Context {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }
  interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>>;
  }
  export interface Configuration {
    clients?: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    features?: Record<string, unknown>;
    pkce?: { required?: () => boolean };
    cookies?: { keys?: string[] };
    findAccount?(ctx: Context, sub: string): Promise<Account | undefined>;
    loadExistingGrant?(ctx: Context): Promise<Grant | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly Grant: { new (init: { clientId: string; accountId: string }): Grant; find(id: string): Promise<Grant | undefined> };
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
