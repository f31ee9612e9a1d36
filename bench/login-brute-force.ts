/**
 * A password-guessing attack (issue 20: "1,000 wrong passwords in a minute
 * against one account let none through and do not slow other users'
 * logins"). tests/api/login-brute-force.test.ts asserts the refusals; this
 * measures the other users.
 *
 * The real platform (seeded, its real limits: 10 failures per account, 50
 * per address; TRUST_PROXY=1 so each request names its client address). The
 * attacker sends 1,000 guesses at the pace of 1,000 a minute, spread over 200
 * addresses, the right password once in the middle; meanwhile four other
 * users sign in in turn, each from their own address. Baseline: the same
 * users' sign-ins just before, with nobody attacking.
 */
import 'reflect-metadata';
import { DEMO_PASSWORD } from '../infrastructure/seed/demo-data.js';
import { runLoginAttack } from '../tests/support/login-attack.js';
import { closePlatform, openPlatform } from './platform.js';
import { log, percentile, round, RssSampler, tempDir, type BenchResult } from './support.js';

const ATTEMPTS = 1_000;
/** 1,000 guesses in a minute. */
const PACE_MS = 60;
const MAX_RATIO = 1.5;
const OTHERS = ['manager@demo.test', 'warehouse@demo.test', 'buyer@demo.test', 'nantes-seller@demo.test'].map((email) => [email, DEMO_PASSWORD] as const);

export async function loginBruteForce(): Promise<BenchResult> {
  const rss = new RssSampler();
  const dir = tempDir('login-attack');
  const running = await openPlatform(dir.path, { TRUST_PROXY: '1' });
  try {
    const outcome = await runLoginAttack({
      baseUrl: running.base,
      victim: 'seller@demo.test',
      rightPassword: DEMO_PASSWORD,
      others: OTHERS,
      attempts: ATTEMPTS,
      paceMs: PACE_MS,
      baselineLogins: 100,
    });
    const alone = round(percentile(outcome.baselineMs, 95), 2);
    const during = round(percentile(outcome.duringAttackMs, 95), 2);
    const ratio = round(during / alone, 2);
    log(`attack ${outcome.attackSeconds.toFixed(1)} s, statuses ${JSON.stringify(outcome.statuses)}; others p95 ${during} ms during vs ${alone} ms alone`);
    return {
      name: 'login-brute-force',
      metric: "p95 ms of the other users' POST /api/login during 1,000 wrong passwords in a minute against one account",
      value: during,
      baseline: alone,
      ratio,
      target: `no guess gets through (the right password in the middle answers 429), every other sign-in succeeds, their p95 ≤ ${MAX_RATIO} × their p95 alone`,
      pass: outcome.successes === 0 && outcome.rightPasswordStatus === 429 && outcome.othersFailed === 0 && ratio <= MAX_RATIO,
      details: {
        guesses: ATTEMPTS,
        attackSeconds: round(outcome.attackSeconds, 1),
        answered401: outcome.statuses[401] ?? 0,
        answered429: outcome.statuses[429] ?? 0,
        answered200: outcome.successes,
        rightPasswordInTheMiddle: outcome.rightPasswordStatus,
        otherSignInsAlone: outcome.baselineMs.length,
        otherSignInsDuringAttack: outcome.duringAttackMs.length,
        otherSignInsFailed: outcome.othersFailed,
        othersAloneP50Ms: round(percentile(outcome.baselineMs, 50), 2),
        othersDuringP50Ms: round(percentile(outcome.duringAttackMs, 50), 2),
        maxRssMb: rss.stop(),
      },
    };
  } finally {
    await closePlatform(running);
    dir.remove();
  }
}
