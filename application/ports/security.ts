export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/**
 * Keys for crypto-shredding, one per data subject (a customer), kept outside
 * the event streams. Deleting a key makes every sealed value of that subject
 * unreadable, for ever.
 */
export interface SubjectKeyStore {
  getOrCreate(subjectId: string): Promise<Buffer>;
  get(subjectId: string): Promise<Buffer | null>;
  /** The keys that exist among `subjectIds`, by subject id, read in one go. */
  getMany(subjectIds: readonly string[]): Promise<Map<string, Buffer>>;
  delete(subjectId: string): Promise<boolean>;
}
