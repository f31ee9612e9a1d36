import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Clock, IdGenerator } from '../../application/ports/clock.js';

export class SystemClock implements Clock {
  now(): string {
    return new Date().toISOString();
  }
}

export class CryptoIdGenerator implements IdGenerator {
  uuid(): string {
    return randomUUID();
  }
  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(randomInt(10));
    return out;
  }
  secret(): string {
    return randomBytes(24).toString('base64url');
  }
}
