/**
 * The SFTP inbox: a `products-import.csv` dropped in an account's folder is
 * imported by the catalogue's products import (its job, its report) with
 * the account's configuration (its suffix, its parent categories).
 *
 * Imported once: the import's id derives from the account and the file's
 * SHA-256 (and an attempt number), so the same file dropped again finds its
 * import and starts none; the job queue never runs two jobs of one id. The
 * file stays in the folder until its import is over, then goes. An import
 * interrupted (the process killed part-way: its job fails JOB_INTERRUPTED
 * once its heartbeat is seen stale) is started again as the next attempt,
 * from the same file still in the folder; the products import names each
 * line's product by an id derived from it, so the products the first
 * attempt wrote are found `unchanged` and only the missing ones are created.
 * The file keeps one report: the attempt started again marks those it takes
 * over from `supersededBy` it, and the imports lists leave them out.
 */
import { createHash } from 'node:crypto';
import { SFTP_IMPORT_FILE_NAME } from '../../../domain/settings/sftp/sftp.js';
import { derivedId } from '../../../domain/shared/derived-id.js';
import { ApplicationError } from '../../commands/errors.js';
import { CATALOG_COLLECTIONS, type CategoryDocument } from '../../catalog/read-models.js';
import { effectiveStatus, imports, recordRefusedImport, startImport } from '../../catalog/transfer/catalog-imports.js';
import type { CatalogImportDocument, ImportPolicy } from '../../catalog/transfer/transfer-document.js';
import { JOB_FAILED, JOB_INTERRUPTED } from '../../jobs/job-queue.js';
import type { Principal } from '../../organizations/principal.js';
import { DomainError } from '../../../domain/shared/domain-error.js';
import { SFTP_FEATURE } from './sftp-commands.js';
import { sftpSettings } from './sftp-queries.js';
import type { SftpInboxPorts } from './sftp-ports.js';
import type { ClientAccountDocument } from '../../organizations/clients/client-read-model.js';
import { ORGANIZATION_COLLECTIONS } from '../../organizations/read-models.js';

/** An import interrupted this many times is left as it is (someone must look): its file stays. */
export const SFTP_MAX_ATTEMPTS = 5;

export const sftpImportId = (accountId: string, sha256: string, attempt: number) => derivedId(`sftp-import:${accountId}:${sha256}:${attempt}`);

/** What an SFTP import acts as: the account itself (no user: the events name none), allowed only to import. */
export function sftpPrincipal(accountId: string): Principal {
  return {
    kind: 'user',
    userId: null,
    accountId,
    module: null,
    userType: 'root_management_unit_manager',
    organizationId: null,
    permissions: new Set(['catalog.import']),
    visibleStoreIds: null,
  };
}

/** What one look at an account's folder did. */
export type InboxOutcome = 'none' | 'waiting' | 'started' | 'under_way' | 'done' | 'gave_up';

export class SftpInbox {
  private readonly running = new Map<string, Promise<InboxOutcome>>();

  constructor(
    private readonly ports: SftpInboxPorts,
    private readonly logger: { warn(object: object, message: string): void; error(object: object, message: string): void },
  ) {}

  /** Looks at the account's folder, one look at a time per account (a look asked for meanwhile runs after it). */
  look(accountId: string): Promise<InboxOutcome> {
    const previous = this.running.get(accountId) ?? Promise.resolve<InboxOutcome>('none');
    const next = previous
      .catch(() => 'none' as const)
      .then(() => this.process(accountId))
      .catch((error: unknown) => {
        this.logger.error({ err: error, accountId }, 'sftp: the inbox could not be read');
        return 'none' as const;
      });
    this.running.set(accountId, next);
    void next.finally(() => {
      if (this.running.get(accountId) === next) this.running.delete(accountId);
    });
    return next;
  }

  /** Looks at every folder holding the file (at start-up, then now and then: what a crash left behind). */
  async lookEverywhere(): Promise<void> {
    for (const accountId of await this.ports.folders.holding(SFTP_IMPORT_FILE_NAME)) await this.look(accountId);
  }

  private async process(accountId: string): Promise<InboxOutcome> {
    const { documents, folders, jobs } = this.ports;
    const bytes = await folders.read(accountId, SFTP_IMPORT_FILE_NAME);
    if (!bytes) return 'none';
    const [settings, account] = await Promise.all([sftpSettings(documents).get(accountId), documents.collection<ClientAccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId)]);
    if (!account || !(account.settings.enabledPremiumFeatures ?? []).includes(SFTP_FEATURE) || settings?.status === 'inactive') return 'waiting';
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const interrupted: CatalogImportDocument[] = [];
    for (let attempt = 0; attempt < SFTP_MAX_ATTEMPTS; attempt++) {
      const id = sftpImportId(accountId, sha256, attempt);
      const existing = await imports({ documents }).get(id);
      if (!existing) {
        await this.start(accountId, id, bytes, settings?.suffix ?? null, settings?.parentCategoryIds ?? []);
        // One report per file: the attempts it takes over from are no longer listed (their lines are this one's `unchanged`).
        for (const earlier of interrupted) if (!earlier.supersededBy) await imports({ documents }).upsert({ ...earlier, supersededBy: id });
        return 'started';
      }
      const job = existing.status === 'in_progress' ? await jobs.get(id) : null;
      const { status, error } = effectiveStatus(existing, job);
      if (status === 'in_progress') return 'under_way';
      // A job still marked running whose holder died is failed by the queue's sweep; until then it is under way.
      if (error && (error.code === JOB_INTERRUPTED || error.code === JOB_FAILED)) {
        interrupted.push(existing);
        continue;
      }
      await folders.removeIfSame(accountId, SFTP_IMPORT_FILE_NAME, sha256);
      return 'done';
    }
    this.logger.warn({ accountId, sha256 }, 'sftp: an import was interrupted too many times; its file stays');
    return 'gave_up';
  }

  private async start(accountId: string, id: string, bytes: Buffer, suffix: string | null, parentCategoryIds: readonly string[]): Promise<void> {
    const context = { principal: sftpPrincipal(accountId), correlationId: id, locale: 'fr-FR' as const };
    const file = { bytes, fileName: SFTP_IMPORT_FILE_NAME };
    try {
      await startImport(this.ports.transfer, context, file, { id, source: 'sftp', policy: await this.policyOf(accountId, suffix, parentCategoryIds) });
    } catch (error) {
      // A file refused as a whole (not UTF-8, without the columns, too many lines): its import says why.
      if (!(error instanceof ApplicationError || error instanceof DomainError)) throw error;
      await recordRefusedImport(this.ports.transfer, context, file, { id, source: 'sftp' }, { code: error.code, details: (error.details ?? {}) as Record<string, unknown> });
    }
  }

  /** The categories a line may land in: the parents and every category below them. */
  private async policyOf(accountId: string, suffix: string | null, parentCategoryIds: readonly string[]): Promise<ImportPolicy> {
    if (parentCategoryIds.length === 0) return { categorySuffix: suffix, allowedCategoryIds: null };
    const categories = await this.ports.documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).find({ accountId }, { limit: 20_000 });
    const children = new Map<string, string[]>();
    for (const category of categories) {
      if (category.parentId) children.set(category.parentId, [...(children.get(category.parentId) ?? []), category._id]);
    }
    const allowed = new Set<string>();
    const stack = [...parentCategoryIds];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (allowed.has(id)) continue;
      allowed.add(id);
      stack.push(...(children.get(id) ?? []));
    }
    return { categorySuffix: suffix, allowedCategoryIds: allowed };
  }
}
