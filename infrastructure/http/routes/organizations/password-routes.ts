import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { PASSWORD_MAX_LENGTH } from '../../../../domain/organizations/password-policy.js';
import { passwordLink, requestPasswordReset, setPasswordFromLink } from '../../../../application/organizations/passwords/password-reset.js';
import type { PasswordPorts } from '../../../../application/organizations/passwords/password-ports.js';
import { PasswordLinkView, PasswordRenewAnswer, PasswordSetAnswer } from '../../../../application/organizations/passwords/password-views.js';
import { HttpError } from '../../errors.js';
import type { Throttle } from '../../../security/throttle.js';
import { defineRoute, type Route } from '../../route.js';
import { Text, Type } from '../schemas.js';

export interface PasswordRouteDependencies {
  ports: PasswordPorts;
  /** Reset requests per client address and per e-mail as typed (known or not: the answer never tells which). */
  renewPerAddress: Throttle;
  renewPerEmail: Throttle;
  logger: Pick<Logger, 'warn' | 'error' | 'info'>;
  /** Runs the reset's work after the answer (the answer's timing must not tell whether the e-mail exists). */
  later(work: () => Promise<unknown>): void;
}

/** A link's token as it comes in the path: any text, bounded; an unknown one is PASSWORD_LINK_INVALID, not a validation error. */
const tokenParams = Type.Object({ token: Text(256) }, { additionalProperties: false });
/** Bounded at twice the rule, so a password a little too long gets the policy's own message (PASSWORD_TOO_WEAK), not the schema's. */
const Password = Text(2 * PASSWORD_MAX_LENGTH, 0);

function emailKey(email: string): string {
  return createHash('sha256').update(`renew:${email.trim().toLowerCase()}`).digest('hex').slice(0, 24);
}

const tag = 'auth';

export function passwordRoutes({ ports, renewPerAddress, renewPerEmail, logger, later }: PasswordRouteDependencies): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/password/renew',
      operationId: 'renewPassword',
      summary: 'Lost password: e-mails a single-use reset link to the user with this e-mail, if any (the same answer either way)',
      tag,
      access: { kind: 'public' },
      body: Type.Object({ email: Text(255, 1) }, { additionalProperties: false }),
      response: { status: 202, description: 'Accepted: a link is e-mailed when the e-mail belongs to a user who may set a password', schema: PasswordRenewAnswer },
      otherResponses: { 429: 'Too many requests from this address or for this e-mail (RATE_LIMITED, Retry-After)' },
      async handler({ body, request }) {
        const address = request.ip ?? 'unknown';
        const key = emailKey(body.email);
        const wait = (await renewPerAddress.blockedFor(address)) ?? (await renewPerEmail.blockedFor(key));
        if (wait !== null) throw new HttpError('RATE_LIMITED', { retryAfterSeconds: wait, minutes: Math.ceil(wait / 60) }, { 'Retry-After': String(wait) });
        await Promise.all([renewPerAddress.hit(address), renewPerEmail.hit(key)]);
        // The lookup, the link and the e-mail happen after the answer: known or unknown, it leaves at the same time.
        later(async () => {
          const outcome = await requestPasswordReset(ports, body.email);
          logger.info({ audit: 'password_renew', account: key, outcome }, 'password reset requested');
        });
        return { status: 202, body: { accepted: true as const } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/password/new/{token}',
      operationId: 'getPasswordLink',
      summary: "A password link's details: the user's first name and whether it resets a password or sets the first one",
      tag,
      access: { kind: 'public' },
      params: tokenParams,
      personalData: true,
      response: { status: 200, description: 'The link opens', schema: PasswordLinkView },
      otherResponses: {
        404: 'Unknown or already used (PASSWORD_LINK_INVALID)',
        410: 'Expired (PASSWORD_LINK_EXPIRED)',
        403: 'The user signs in only with SSO (AUTH_SSO_REQUIRED) or is deactivated (AUTH_ACCOUNT_INACTIVE)',
      },
      async handler({ params }) {
        return { body: await passwordLink(ports, params.token) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/password/new/{token}',
      operationId: 'setPasswordFromLink',
      summary: "Sets the user's password from a link, once (the link is then used); ends the user's sessions",
      tag,
      access: { kind: 'public' },
      params: tokenParams,
      body: Type.Object(
        {
          password: Password,
          repeat: Password,
          acceptTerms: Type.Optional(Type.Boolean({ description: 'The terms of use and privacy policy: required (true) to set a first password from an invitation.' })),
        },
        { additionalProperties: false },
      ),
      personalData: true,
      response: { status: 200, description: 'The password is set; the e-mail to log in with', schema: PasswordSetAnswer },
      otherResponses: {
        404: 'Unknown or already used (PASSWORD_LINK_INVALID)',
        410: 'Expired (PASSWORD_LINK_EXPIRED)',
        403: 'The user signs in only with SSO (AUTH_SSO_REQUIRED) or is deactivated (AUTH_ACCOUNT_INACTIVE)',
        422: 'PASSWORD_TOO_WEAK (details.failed: the rules it fails), PASSWORD_REPEAT_MISMATCH, PASSWORD_SAME_AS_OLD, PASSWORD_TERMS_NOT_ACCEPTED',
      },
      async handler({ params, body }) {
        const { position, email } = await setPasswordFromLink(ports, params.token, body);
        return { body: { email }, position };
      },
    }),
  ];
}
