import type { DocumentStore, IndexSpec } from '../../ports/document-store.js';
import { SESSIONS_COLLECTION, type Session } from '../auth-service.js';

/** The sessions collection's index by user, so a user's sessions are found at once (ensured once per store). */
const indexed = new WeakSet<DocumentStore>();

export const SESSION_INDEXES: IndexSpec[] = [{ name: 'by_user', fields: [['userId', 1]] }];

/**
 * Ends every session of a user at once (a deactivation, a user left without
 * a role): their rows are deleted, so their next request answers 401. The
 * session kept, when named, is the caller's own (a password change).
 */
export async function endSessionsOf(documents: DocumentStore, userId: string, keepSessionId?: string): Promise<number> {
  const sessions = documents.collection<Session>(SESSIONS_COLLECTION);
  if (!indexed.has(documents)) {
    await sessions.ensureIndexes(SESSION_INDEXES);
    indexed.add(documents);
  }
  const mine = await sessions.find({ userId }, { limit: 10_000 });
  let ended = 0;
  for (const session of mine) {
    if (session._id === keepSessionId) continue;
    if (await sessions.delete(session._id)) ended++;
  }
  return ended;
}
