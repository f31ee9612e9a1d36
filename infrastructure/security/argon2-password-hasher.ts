import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '../../application/ports/security.js';

/** argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane). */
export class Argon2PasswordHasher implements PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  }
  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}
