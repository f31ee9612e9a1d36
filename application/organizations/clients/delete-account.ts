/**
 * DELETE /accounts/{id}: the account is deleted when its rules allow it
 * (inactive, no link to another account's buyers or retailers), then every
 * customer of it is forgotten (the crypto-shredding of forget-customer.ts:
 * their key deleted, CustomerForgotten for the live read models, the kept
 * e-mails erased) and its users deactivated; AccountCustomersForgotten
 * closes it. A small account is done in the request; a larger one in a job
 * with its progress. A deletion interrupted before its close (a crash) is
 * finished by asking again: the account is not found only once it is closed.
 */
import { accountDecider } from '../../../domain/organizations/account/account.js';
import type { CustomerForgotten } from '../../../domain/buybacks/customer-events.js';
import type { UserChanged } from '../../../domain/organizations/events.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../../buybacks/read-models.js';
import { BUYBACK_STREAMS } from '../../buybacks/streams.js';
import { foldStream, handleCommand } from '../../commands/command-handler.js';
import { defineCommand, type CommandContext } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { toNewEvent } from '../../events/codec.js';
import type { JobControl, JobQueue } from '../../jobs/job-queue.js';
import type { JobDocument } from '../../jobs/jobs.js';
import { findAll } from '../../lists/paged-query.js';
import type { Mailer } from '../../ports/mailer.js';
import type { PersonalDataVault } from '../../ports/personal-data.js';
import { ORGANIZATION_COLLECTIONS, type UserDocument } from '../read-models.js';
import { ORGANIZATION_STREAMS } from '../streams.js';
import type { ClientPorts } from './client-commands.js';
import { accountLinks } from './client-queries.js';
import type { AccountDeletionResultView } from './client-views.js';

export interface DeletionPorts extends ClientPorts {
  vault: Pick<PersonalDataVault, 'forget'>;
  mailer: Pick<Mailer, 'forgetSubject'>;
  jobs: Pick<JobQueue, 'submit'>;
  /** Up to this many buybacks the customers are forgotten within the request, else in a job (ACCOUNT_DELETION_INLINE_MAX_BUYBACKS, default 200). */
  inlineMaxBuybacks: number;
}

export const ACCOUNT_DELETION_JOB_KIND = 'account_deletion';
const SLICE = 50;

export type DeletionOutcome =
  | { kind: 'done'; result: AccountDeletionResultView; position: number | null }
  | { kind: 'job'; job: JobDocument<AccountDeletionResultView> };

type Steps = { progress(done: number): void; pause(): Promise<void> };
const INLINE: Steps = { progress: () => undefined, pause: async () => undefined };

export const deleteAccount = defineCommand<DeletionPorts, { accountId: string; reason: string | null }, DeletionOutcome>({
  name: 'DeleteAccount',
  permission: 'client.delete',
  async run(deps, context, { accountId, reason }) {
    const stream = ORGANIZATION_STREAMS.account.name(accountId);
    const state = foldStream(accountDecider, await deps.eventStore.readStream(stream));
    if (!state.details || state.customersForgotten) throw new ApplicationError('ACCOUNT_NOT_FOUND', { accountId, reason: 'account_not_found' });
    if (!state.deleted) {
      const links = await accountLinks(deps.documents, accountId);
      await handleCommand(
        deps.eventStore,
        stream,
        accountDecider,
        { type: 'DeleteAccount', data: { accountId, links: { linkedBuyers: links.externalBuyers, linkedRetailers: links.view.linkedRetailers }, reason } },
        {
          metadata: commandMetadata(deps, context, accountId, null),
          ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
          newEventId: () => deps.ids.uuid(),
        },
      );
    }
    const buybacks = await deps.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION).count({ accountId }, { limit: deps.inlineMaxBuybacks + 1 });
    if (buybacks <= deps.inlineMaxBuybacks) {
      const { result, position } = await forgetEveryone(deps, context, accountId, INLINE);
      return { kind: 'done', result, position };
    }
    const { job } = await deps.jobs.submit<AccountDeletionResultView>(
      { id: deps.ids.uuid(), kind: ACCOUNT_DELETION_JOB_KIND, owner: { accountId, organizationId: null, userId: context.principal.userId }, total: 100 },
      (control: JobControl) => forgetEveryone(deps, context, accountId, control),
    );
    return { kind: 'job', job };
  },
});

/** Forgets every customer of the account and deactivates its users, then closes the deletion. */
async function forgetEveryone(deps: DeletionPorts, context: CommandContext, accountId: string, steps: Steps): Promise<{ result: AccountDeletionResultView; position: number | null }> {
  const metadata = { ...commandMetadata(deps, { ...context, idempotency: undefined }, accountId, null) };
  const subjects = new Set<string>();
  let read = 0;
  for await (const buyback of findAll(deps.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION), { accountId }, [['createdAt', -1]], { batchSize: 500 })) {
    subjects.add(buyback.customerSubjectId);
    if (++read % 500 === 0) await steps.pause();
  }
  const users = (await deps.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users).find({ accountId }, { limit: 100_000 })).filter((user) => user.status === 'active');
  const total = subjects.size + users.length;
  let done = 0;
  let position: number | null = null;
  for (const subjectId of subjects) {
    // As forget-customer.ts does: the key first (nothing sealed for them opens again), then the live read models, then the kept e-mails.
    await deps.vault.forget(subjectId);
    await deps.mailer.forgetSubject(subjectId);
    const forgotten: CustomerForgotten = { type: 'CustomerForgotten', data: { subjectId } };
    position = (await deps.eventStore.appendToStream(BUYBACK_STREAMS.customer.name(subjectId), [toNewEvent(forgotten, deps.ids.uuid(), metadata)], 'any')).lastGlobalPosition;
    if (++done % SLICE === 0) {
      steps.progress(Math.round((done / Math.max(1, total)) * 100));
      await steps.pause();
    }
  }
  for (const user of users) {
    const deactivated: UserChanged = { type: 'UserChanged', data: { userId: user._id, accountId, changes: { status: 'inactive' }, reason: 'account_deleted' } };
    position = (await deps.eventStore.appendToStream(ORGANIZATION_STREAMS.user.name(user._id), [toNewEvent(deactivated, deps.ids.uuid(), metadata)], 'any')).lastGlobalPosition;
    if (++done % SLICE === 0) await steps.pause();
  }
  const closed = await handleCommand(
    deps.eventStore,
    ORGANIZATION_STREAMS.account.name(accountId),
    accountDecider,
    { type: 'RecordCustomersForgotten', data: { accountId, customers: subjects.size, users: users.length } },
    { metadata, newEventId: () => deps.ids.uuid() },
  );
  steps.progress(100);
  return { result: { accountId, customersForgotten: subjects.size, usersDeactivated: users.length }, position: closed.position ?? position };
}
