import type { AuthService } from '../../../../application/organizations/auth-service.js';
import type { Route } from '../../route.js';
import { HttpError } from '../../errors.js';
import { uuid } from '../schemas.js';

export function authRoutes(auth: AuthService, defaultWhiteLabelAccountId: () => Promise<string | null>): Route[] {
  return [
    {
      method: 'post',
      path: '/login',
      operationId: 'login',
      summary: 'Log in with e-mail and password; answers a bearer token',
      tag: 'auth',
      access: { kind: 'public' },
      body: {
        type: 'object',
        required: ['email', 'password'],
        additionalProperties: false,
        properties: { email: { type: 'string', minLength: 1, maxLength: 255 }, password: { type: 'string', minLength: 1, maxLength: 1024 } },
      },
      async handler({ body, request }) {
        const { email, password } = body as { email: string; password: string };
        const { token, expiresAt, user } = await auth.login(email, password);
        const principal = await auth.principalOf(user, request.header('x-module') || undefined).catch(() => null);
        return {
          body: {
            token,
            expiresAt,
            user: principal ? await auth.me(user, principal) : { id: user._id, email: user.email },
          },
        };
      },
    },
    {
      method: 'post',
      path: '/logout',
      operationId: 'logout',
      summary: 'Ends the session of the bearer token',
      tag: 'auth',
      access: { kind: 'authenticated', permission: null, anonymous: true },
      async handler({ token }) {
        if (token) await auth.logout(token);
        return { status: 204 };
      },
    },
    {
      method: 'get',
      path: '/me',
      operationId: 'me',
      summary: 'The signed-in user, their modules and their permissions per module',
      tag: 'auth',
      access: { kind: 'authenticated', permission: null },
      async handler({ user, principal }) {
        if (!user || !principal) throw new HttpError('AUTH_REQUIRED');
        return { body: await auth.me(user, principal) };
      },
    },
    {
      method: 'post',
      path: '/anonymous-token',
      operationId: 'anonymousToken',
      summary: "A storefront visitor's pseudo-anonymous token for the retailer's web organization",
      tag: 'auth',
      access: { kind: 'public' },
      body: { type: 'object', additionalProperties: false, properties: { accountId: uuid } },
      async handler({ body }) {
        const accountId = (body as { accountId?: string }).accountId ?? (await defaultWhiteLabelAccountId());
        if (!accountId) throw new HttpError('WHITE_LABEL_NOT_AVAILABLE');
        const { token, expiresAt, account } = await auth.anonymous(accountId);
        return {
          status: 201,
          body: {
            token,
            expiresAt,
            organization: { id: account.webOrganizationId, accountId: account._id, name: account.name, currency: account.currency },
          },
        };
      },
    },
  ];
}
