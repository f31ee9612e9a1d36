/**
 * "Test the connection" of a configuration (POST
 * /connector-organizations/{id}/test, issue 23): the provider is called
 * (docs/carrier-contract.md, docs/payment-provider-contract.md: `GET /ping`
 * with the configuration's url and key), the result is told in the caller's
 * language and recorded on the configuration as its last test.
 */
import { ApplicationError } from '../commands/errors.js';
import type { CommandContext } from '../commands/command-slice.js';
import type { Texts } from '../ports/texts.js';
import { connectorById } from '../../domain/connectors/catalogue.js';
import { recordConnectorTest, visibleConfiguration, type ConnectorPorts } from './configuration-commands.js';
import type { ConfigurationDocument } from './read-model.js';
import type { ConnectionTestView } from './connector-views.js';

/** What the provider did: answered as expected, refused the key, could not be reached, answered something else; the embedded carrier is always there. */
export type ProbeOutcome =
  | { outcome: 'ok' | 'embedded'; latencyMs: number }
  | { outcome: 'refused' | 'unexpected'; status: number; latencyMs: number }
  | { outcome: 'unreachable'; reason: string; latencyMs: number };

/** Calls a configuration's provider (the adapter opens its key). */
export interface ConnectionProbe {
  probe(configuration: ConfigurationDocument): Promise<ProbeOutcome>;
}

export async function testConnection(
  deps: ConnectorPorts & { probe: ConnectionProbe; texts: Texts },
  context: CommandContext,
  configurationId: string,
): Promise<ConnectionTestView & { position: number | null }> {
  const configuration = await visibleConfiguration(deps.documents, context.principal, configurationId);
  if (!connectorById(configuration.connectorId)?.testable) throw new ApplicationError('CONNECTOR_NOT_TESTABLE', { connectorId: configuration.connectorId });
  const result = await deps.probe.probe(configuration);
  const ok = result.outcome === 'ok' || result.outcome === 'embedded';
  const message = deps.texts.text(context.locale, `connectorTest.${result.outcome}`, 'status' in result ? { status: result.status } : 'reason' in result ? { reason: result.reason } : {});
  const latencyMs = Math.max(0, Math.round(result.latencyMs));
  const outcome = await recordConnectorTest.run(deps, context, { configuration, ok, message, latencyMs });
  return { ok, message, latencyMs, position: outcome.position };
}
