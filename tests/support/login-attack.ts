import { ApiClient } from './test-platform.js';

/**
 * A password-guessing attack on one account, with other users signing in
 * meanwhile: what tests/api/login-brute-force.test.ts asserts and what the
 * login-brute-force benchmark measures. The server must trust one proxy
 * (TRUST_PROXY=1): the attacker spreads its guesses over many client
 * addresses (so only the per-account lock can stop it), each other user signs
 * in from an address of their own.
 */
export interface LoginAttack {
  baseUrl: string;
  victim: string;
  /** The victim's real password, sent once in the middle of the attack (after the lock). */
  rightPassword: string;
  /** The other users (e-mail, password) who sign in meanwhile, in turn. */
  others: ReadonlyArray<readonly [string, string]>;
  attempts: number;
  /** Time between two guesses being sent (the attack's pace); several are in flight at once. */
  paceMs: number;
  /** The other users' sign-ins timed with nobody attacking, before the attack. */
  baselineLogins: number;
}

export interface LoginAttackOutcome {
  /** Answers to the guesses by status (the right password's included). */
  statuses: Record<number, number>;
  /** How the right password, sent in the middle, was answered. */
  rightPasswordStatus: number;
  /** Guesses answered 200: a token for the attacker. */
  successes: number;
  /** The wall time of the attack, first guess sent to last answer. */
  attackSeconds: number;
  /** The other users' sign-in times (ms), alone then during the attack, and how many of them failed. */
  baselineMs: number[];
  duringAttackMs: number[];
  othersFailed: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Guess `i` spelled as an attacker would vary it: case and spaces around the e-mail change, the account does not. */
function spelling(victim: string, i: number): string {
  if (i % 7 === 3) return victim.toUpperCase();
  if (i % 11 === 5) return ` ${victim} `;
  return victim;
}

export async function runLoginAttack(attack: LoginAttack): Promise<LoginAttackOutcome> {
  const api = new ApiClient(attack.baseUrl);
  const signIn = async (n: number): Promise<{ ms: number; ok: boolean }> => {
    const [email, password] = attack.others[n % attack.others.length] as readonly [string, string];
    const started = performance.now();
    const answer = await api.post('/login', { email, password }, { 'X-Forwarded-For': `192.0.2.${(n % attack.others.length) + 1}` });
    return { ms: performance.now() - started, ok: answer.status === 200 };
  };

  const baselineMs: number[] = [];
  let othersFailed = 0;
  for (let n = 0; n < attack.baselineLogins; n++) {
    const { ms, ok } = await signIn(n);
    baselineMs.push(ms);
    if (!ok) othersFailed++;
  }

  const statuses: Record<number, number> = {};
  let rightPasswordStatus = 0;
  let successes = 0;
  const middle = Math.floor(attack.attempts / 2);
  let attacking = true;
  const started = performance.now();
  const guesses: Array<Promise<void>> = [];
  const attackDone = (async () => {
    for (let i = 0; i < attack.attempts; i++) {
      const password = i === middle ? attack.rightPassword : `Wrong-guess-${i}`;
      // 200 addresses: 5 guesses each, far below the per-address limit; the per-account lock alone has to hold.
      const address = `198.51.100.${(i % 200) + 1}`;
      guesses.push(
        api.post('/login', { email: spelling(attack.victim, i), password }, { 'X-Forwarded-For': address }).then((answer) => {
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          if (answer.status === 200) successes++;
          if (i === middle) rightPasswordStatus = answer.status;
        }),
      );
      // On schedule: guess i leaves at i × pace from the start, however long the previous ones took to send.
      await sleep(Math.max(0, started + (i + 1) * attack.paceMs - performance.now()));
    }
    await Promise.all(guesses);
    attacking = false;
  })();

  const duringAttackMs: number[] = [];
  for (let n = 0; attacking; n++) {
    const { ms, ok } = await signIn(n);
    if (!ok) othersFailed++;
    if (attacking) duringAttackMs.push(ms);
  }
  await attackDone;
  return { statuses, rightPasswordStatus, successes, attackSeconds: (performance.now() - started) / 1000, baselineMs, duringAttackMs, othersFailed };
}
