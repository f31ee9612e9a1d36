import type { ConnectionProbe, ProbeOutcome } from '../../application/connectors/connection-test.js';
import type { ConfigurationDocument } from '../../application/connectors/read-model.js';
import type { SecretBox } from '../../application/ports/secret-box.js';
import { httpSettingsOf } from './routed-providers.js';

const DEFAULT_TIMEOUT_MS = 5_000;
/** A test never waits longer, whatever the configuration says. */
const MAX_TEST_TIMEOUT_MS = 10_000;

/**
 * The connection test over HTTP: `GET {baseUrl}/ping` with the
 * configuration's key as `Authorization: Bearer` (docs/carrier-contract.md,
 * docs/payment-provider-contract.md), within the configuration's timeout,
 * redirects not followed (the key must not travel elsewhere). The key is
 * never in the outcome; a reason is the error's kind, not its text.
 */
export class HttpConnectionProbe implements ConnectionProbe {
  constructor(
    private readonly secrets: SecretBox,
    private readonly now: () => number = () => performance.now(),
  ) {}

  async probe(configuration: ConfigurationDocument): Promise<ProbeOutcome> {
    if (configuration.connectorId === 'embedded-carrier') return { outcome: 'embedded', latencyMs: 0 };
    const started = this.now();
    const elapsed = () => this.now() - started;
    let settings: ReturnType<typeof httpSettingsOf>;
    try {
      settings = httpSettingsOf(this.secrets, configuration);
    } catch {
      return { outcome: 'unreachable', reason: 'configuration incomplete', latencyMs: 0 };
    }
    const timeoutMs = Math.min(settings.timeoutMs ?? DEFAULT_TIMEOUT_MS, MAX_TEST_TIMEOUT_MS);
    try {
      const response = await fetch(`${settings.baseUrl.replace(/\/+$/, '')}/ping`, {
        headers: { Authorization: `Bearer ${settings.apiKey}`, Accept: 'application/json' },
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 200) return { outcome: 'ok', latencyMs: elapsed() };
      if (response.status === 401 || response.status === 403) return { outcome: 'refused', status: response.status, latencyMs: elapsed() };
      return { outcome: 'unexpected', status: response.status, latencyMs: elapsed() };
    } catch (error) {
      return { outcome: 'unreachable', reason: reasonOf(error, timeoutMs), latencyMs: elapsed() };
    }
  }
}

/** A short, key-free reason: the error's code (ECONNREFUSED, ENOTFOUND…) or a timeout. */
function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs} ms`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  return 'connection failed';
}
