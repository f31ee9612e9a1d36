import { createConnectorConfiguration, type ConnectorPorts } from '../../../application/connectors/configuration-commands.js';
import type { DemoActivityContext } from '../../seed/demo-activity.js';
import { ORGANIZATION_DEMO_IDS } from '../organizations/demo-data.js';

/**
 * Demo Retail's two connector configurations, through the same commands as
 * its administrator's screens (so the payment provider's key is sealed like
 * any other): the embedded carrier, active on its root (the labels the
 * platform makes, under the demo's carrier name), and a bank-transfer
 * provider, inactive, whose url nobody listens at, so that its connection
 * test fails with a clear message. Part of the demo's activity, not of its
 * data: the tests, which leave the activity out, keep the environment's
 * default carrier.
 */
export async function connectorsDemoActivity(context: DemoActivityContext, deps: ConnectorPorts): Promise<void> {
  const ports: ConnectorPorts = { ...deps, clock: context.clock };
  const retailer = await context.actAs('retailer@demo.test', 'root');
  const organizationId = ORGANIZATION_DEMO_IDS.organizations.demoRoot;
  context.clock.at(2, 9, 0);
  await context.settle(
    (
      await createConnectorConfiguration.run(ports, retailer, {
        organizationId,
        connectorId: 'embedded-carrier',
        name: 'Transport intégré',
        properties: [{ name: 'carrierName', value: 'Demo Retail Transport' }],
        active: true,
      })
    ).position,
  );
  context.clock.at(2, 9, 5);
  await context.settle(
    (
      await createConnectorConfiguration.run(ports, retailer, {
        organizationId,
        connectorId: 'http-payment-provider',
        name: 'Virements (bac à sable)',
        properties: [
          { name: 'baseUrl', value: 'http://localhost:9/' },
          { name: 'apiKey', value: 'demo-sandbox-key-not-a-real-one' },
          { name: 'timeoutMs', value: '2000' },
        ],
        active: false,
      })
    ).position,
  );
}
