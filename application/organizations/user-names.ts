import type { DocumentStore } from '../ports/document-store.js';
import { ORGANIZATION_COLLECTIONS, type UserDocument } from './read-models.js';

/**
 * A user as every view names who did something: "Firstname Lastname". One
 * place, because the user documents spell their fields `firstname` and
 * `lastname`, which the documents' open index signature would not catch a
 * query misspelling (packages once showed "undefined undefined").
 */
export function userName(user: Pick<UserDocument, 'firstname' | 'lastname'>): string {
  return [user.firstname, user.lastname].filter((part) => typeof part === 'string' && part.trim() !== '').join(' ');
}

/** The names of the users among `ids` (nulls and repeats ignored), by id; a user who no longer exists has none. */
export async function userNames(documents: DocumentStore, ids: ReadonlyArray<string | null | undefined>): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (unique.length === 0) return new Map();
  const users = await documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users).getMany(unique);
  return new Map(users.map((user) => [user._id, userName(user)]));
}
