/**
 * `npm run forget-customer -- <accountId> <email>`: the right to be forgotten
 * from the command line. Deletes the customer's key in that tenant (their
 * sealed personal data can never be read again), appends CustomerForgotten,
 * then runs the projections until the read models have applied it, so the
 * clear copies are gone when the command returns.
 */
import { randomUUID } from 'node:crypto';
import { openCliStores, runCli } from './open-stores.js';
import { ORGANIZATION_STREAMS } from '../../application/organizations/streams.js';
import { forgetCustomer } from '../../application/buybacks/commands/forget-customer.js';
import type { Principal } from '../../application/organizations/principal.js';

const CATCH_UP_TIMEOUT_MS = 120_000;

/** The operator at the command line: provider-level, no user. */
const OPERATOR: Principal = {
  kind: 'user',
  userId: null,
  accountId: null,
  module: null,
  userType: 'super_admin',
  organizationId: null,
  permissions: new Set(['customer.forget']),
  visibleStoreIds: null,
};


await runCli(async () => {
  const [accountId, email, ...rest] = process.argv.slice(2).filter((arg) => arg !== '--');
  if (!accountId || !email || rest.length > 0) {
    console.error('Usage: npm run forget-customer -- <accountId> <email>');
    return 1;
  }
  const stores = await openCliStores();
  try {
    if ((await stores.eventStore.readStream(ORGANIZATION_STREAMS.account.name(accountId))).length === 0) {
      console.error(`Unknown account ${accountId}`);
      return 1;
    }
    const result = await forgetCustomer.run(stores.buybackPorts, { principal: OPERATOR, correlationId: randomUUID(), locale: 'en-GB' }, { email, accountId });
    console.log(`subject ${result.subjectId}: ${result.keyDeleted ? 'key deleted' : 'no key was held (nothing sealed, or already forgotten)'}`);
    console.log(`${result.messagesErased} kept e-mail(s) erased`);

    await stores.runner.start();
    const caughtUp = await stores.runner.waitFor(result.position, CATCH_UP_TIMEOUT_MS);
    await stores.runner.stop();
    if (!caughtUp) {
      console.error(`The read models did not reach position ${result.position} within ${CATCH_UP_TIMEOUT_MS} ms; they will when the server runs.`);
      return 1;
    }
    console.log(`read models updated up to position ${result.position}`);
    return 0;
  } finally {
    await stores.close();
  }
});
