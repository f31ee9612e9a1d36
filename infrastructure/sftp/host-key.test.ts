import ssh2 from 'ssh2';
import { describe, expect, it } from 'vitest';
import { newHostKey } from './host-key.js';

/** A key ssh2's generator wrote with its 32-byte public key shortened to 31 (its first byte zero): its parser refuses it. */
const MALFORMED = `-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMgAAAAtz
c2gtZWQyNTUxOQAAAB8lMXtkFQJjxNePb0+bqRJKlngv6puUlmu9AXQT8ENZAAAA
iG/2f9tv9n/bAAAAC3NzaC1lZDI1NTE5AAAAHyUxe2QVAmPE149vT5upEkqWeC/q
m5SWa70BdBPwQ1kAAAA/1bNqCrnNk3Aq8ZO/N+JuPJ1v/HdFaiUCgt/23XcWJYQl
MXtkFQJjxNePb0+bqRJKlngv6puUlmu9AXQT8ENZAAAAAAECAwQFBgc=
-----END OPENSSH PRIVATE KEY-----
`;

describe('the SFTP host key', () => {
  it('Given ssh2 draws a key its own parser refuses, when a host key is made, then it is drawn again and the one kept reads back', () => {
    expect(ssh2.utils.parseKey(MALFORMED)).toBeInstanceOf(Error);
    const good = newHostKey(); // itself read back (a raw draw could be the one in 300)
    const draws = [MALFORMED, good];
    const key = newHostKey(() => ({ private: draws.shift() as string }));
    expect(key).toBe(good);
    expect(draws).toEqual([]);
  });

  it('Given the real generator, then 200 keys in a row all read back', () => {
    for (let i = 0; i < 200; i++) expect(ssh2.utils.parseKey(newHostKey())).not.toBeInstanceOf(Error);
  });

  it('Given a generator that never draws a readable key, then it says so instead of looping', () => {
    expect(() => newHostKey(() => ({ private: MALFORMED }))).toThrow(/No readable SFTP host key/);
  });
});
