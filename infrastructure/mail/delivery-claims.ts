import type { Collection, StoredDocument } from '../../application/ports/document-store.js';

/** A message's deduplication key, claimed by the process sending it, then marked sent. */
export interface MailDeliveryDocument extends StoredDocument {
  state: 'sending' | 'sent';
  /** `sending`: until when the claim holds (epoch ms); `sent`: when it was sent. */
  at: number;
}

export const MAIL_DELIVERIES_COLLECTION = 'mail_deliveries';
/** A claim older than this was its process's when it died before sending: another process sends the message. */
const CLAIM_MS = 60_000;
/** Sent keys are kept this long (a retry comes within minutes; a relay's own Message-ID check covers the rest). */
const KEPT_MS = 30 * 86_400_000;
const PRUNE_EVERY = 200;
const PRUNE_BATCH = 200;

/**
 * Which process sends a keyed message, shared by every process on the same
 * document store (issue 25: several processors, a takeover). The first to
 * claim the key sends it; the others answer "sent" while the claim holds or
 * once it is sent; a claim whose process died before sending expires, and
 * the next delivery of the key sends it. Sent keys are forgotten after
 * KEPT_MS, a few at a time.
 */
export class MailDeliveryClaims {
  private claimsMade = 0;
  private indexed: Promise<void> | null = null;

  constructor(
    private readonly deliveries: Collection<MailDeliveryDocument>,
    private readonly now: () => number = Date.now,
  ) {}

  /** True: this process sends the message now (then calls `sent`); false: another has or is sending it. */
  async claim(key: string): Promise<boolean> {
    await (this.indexed ??= this.deliveries.ensureIndexes([{ name: 'by_state_at', fields: [['state', 1], ['at', 1]] }]));
    if (++this.claimsMade % PRUNE_EVERY === 0) await this.prune();
    const now = this.now();
    if (await this.deliveries.insert({ _id: key, state: 'sending', at: now + CLAIM_MS })) return true;
    const stored = await this.deliveries.get(key);
    if (!stored) return this.deliveries.insert({ _id: key, state: 'sending', at: now + CLAIM_MS });
    if (stored.state === 'sent' || stored.at > now) return false;
    // Expired: its process died before sending. One of the processes that see it takes it over.
    return this.deliveries.replaceWhere({ _id: key, state: 'sending', at: now + CLAIM_MS }, { state: 'sending', at: stored.at });
  }

  async sent(key: string): Promise<void> {
    await this.deliveries.upsert({ _id: key, state: 'sent', at: this.now() });
  }

  /** The claim is given back (the relay refused the message): the next delivery of the key tries again. */
  async failed(key: string): Promise<void> {
    await this.deliveries.delete(key);
  }

  private async prune(): Promise<void> {
    const old = await this.deliveries.find({ state: 'sent', at: { $lt: this.now() - KEPT_MS } }, { limit: PRUNE_BATCH });
    for (const document of old) await this.deliveries.delete(document._id);
  }
}
