/**
 * `npm run create-admin -- <email> [first name] [last name]`: the first
 * administrator of a platform started without demo data (production). Writes
 * a super admin and prints a one-time password: shown once, stored only as
 * its argon2 hash. The user's id derives from the e-mail, so running it twice
 * for one e-mail refuses the second.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import isEmailModule from 'validator/lib/isEmail.js';
import { toNewEvent } from '../../application/events/codec.js';
import { WrongExpectedRevisionError } from '../../application/ports/event-store.js';
import { ORGANIZATION_STREAMS } from '../../application/organizations/streams.js';
import type { UserRegistered } from '../../domain/organizations/events.js';
import { Argon2PasswordHasher } from '../security/argon2-password-hasher.js';
import { PLATFORM_ACCOUNT_ID } from '../seed/seed-streams.js';
import { openCliStores, runCli } from './open-stores.js';

const isEmail = (isEmailModule as unknown as { default?: (value: string) => boolean }).default ?? (isEmailModule as unknown as (value: string) => boolean);

/** A UUID-shaped id from the e-mail: one administrator per address. */
function adminId(email: string): string {
  const h = createHash('sha256').update(`admin:${email}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

await runCli(async () => {
  const [rawEmail, firstname = 'Admin', lastname = 'Platform', ...rest] = process.argv.slice(2).filter((arg) => arg !== '--');
  const email = rawEmail?.trim().toLowerCase() ?? '';
  if (!isEmail(email) || rest.length > 0) {
    console.error('Usage: npm run create-admin -- <email> [first name] [last name]');
    return 1;
  }
  const secret = randomBytes(18).toString('base64url');
  const passwordHash = await new Argon2PasswordHasher().hash(secret);
  const userId = adminId(email);
  const event: UserRegistered = {
    type: 'UserRegistered',
    data: { userId, accountId: null, email, firstname, lastname, passwordHash, adminType: 'super_admin', modules: {}, locale: 'fr-FR', status: 'active', forceSso: false },
  };
  const stores = await openCliStores();
  try {
    await stores.eventStore.appendToStream(
      ORGANIZATION_STREAMS.user.name(userId),
      [
        toNewEvent(event, randomUUID(), {
          accountId: PLATFORM_ACCOUNT_ID,
          organizationId: null,
          userId: null,
          correlationId: randomUUID(),
          causationId: null,
          occurredAt: new Date().toISOString(),
        }),
      ],
      'no_stream',
    );
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) {
      console.error(`An administrator ${email} already exists.`);
      return 1;
    }
    throw error;
  } finally {
    await stores.close();
  }
  console.log(`Super admin ${email} created.`);
  console.log(`One-time password (shown once, never stored): ${secret}`);
  return 0;
});
