import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { JobQueue } from '../../../application/jobs/job-queue.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { Texts } from '../../../application/ports/texts.js';
import type { MenuEntry } from '../../../application/organizations/menu.js';
import { TransferFileQueries, type TransferFileDeps } from '../../../application/payments/transfer-files.js';
import { bankTransfersProjection, debtorAccountsProjection, transferFilesProjection } from '../../../projections/payments/transfer-files-projection.js';
import { transferFileRoutes } from '../../http/routes/payments/transfer-file-routes.js';

/**
 * The SEPA credit-transfer files' part of the payments manifest (the
 * embedded bank-transfer provider): its read models, refusals, routes and
 * menu entry, gathered here so the manifest names them in one line each.
 */
export const transferFileProjections = [bankTransfersProjection, transferFilesProjection, debtorAccountsProjection];

export const transferFileErrors = {
  TRANSFER_FILE_NOT_FOUND: 404,
  TRANSFER_FILE_NOT_DOWNLOADED: 409,
  SEPA_DEBTOR_MISSING: 409,
  SEPA_REPORT_INVALID: 422,
  SEPA_REPORT_MISMATCH: 422,
} as const;

export const transferFileMenu: MenuEntry[] = [{ section: 'payments', key: 'transferFiles', path: '/payments/transfer-files', permission: 'payment.transfer_file' }];

/** Waits for the read models (bounded: 10 s, past which the build reads what is there). */
const CATCH_UP_MS = 10_000;

export function transferFileDepsOf(container: DependencyContainer): TransferFileDeps {
  const runner = container.resolve<{ waitFor(position: number, timeoutMs: number): Promise<boolean> }>(TOKENS.ProjectionRunner);
  return {
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
    caughtUp: async (position) => {
      await runner.waitFor(position, CATCH_UP_MS);
    },
  };
}

/** Declared before the payment routes: `/payments/transfer-files` must not be read as `/payments/{id}`. */
export function transferFileRoutesOf(container: DependencyContainer) {
  const deps = transferFileDepsOf(container);
  return transferFileRoutes(deps, new TransferFileQueries(deps.documents, deps.eventStore), container.resolve<JobQueue>(TOKENS.Jobs), container.resolve<Texts>(TOKENS.Texts));
}
