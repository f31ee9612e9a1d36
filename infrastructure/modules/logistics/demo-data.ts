import type { DispatchRuleEvent } from '../../../domain/logistics/dispatch/events.js';
import { LOGISTICS_STREAMS } from '../../../application/logistics/streams.js';
import { CATALOG_DEMO_IDS } from '../catalog/demo-data.js';
import { ORGANIZATION_DEMO_IDS } from '../organizations/demo-data.js';
import { seedId, type SeedStream } from '../../seed/seed-streams.js';

const { accounts, warehouses, organizations } = ORGANIZATION_DEMO_IDS;
const { categories, circuits } = CATALOG_DEMO_IDS;

export const LOGISTICS_DEMO_IDS = {
  rules: {
    consoles: seedId('dispatch-rule:demo:consoles'),
    worn: seedId('dispatch-rule:demo:worn-smartwatches'),
    webNearest: seedId('dispatch-rule:demo:web-nearest'),
  },
} as const;

/**
 * The demo's warehouse dispatch rules: Demo Retail sends game consoles to its
 * Lyon workshop, worn smartwatches too, and its web customers' parcels to
 * the nearer of its two warehouses; everything else to Orléans (the default).
 * Other Retail has no rule: everything goes to Lens.
 */
export function logisticsDemoData(): SeedStream[] {
  const demo: DispatchRuleEvent[] = [
    { type: 'DefaultWarehouseChosen', data: { warehouseId: warehouses.demo } },
    {
      type: 'DispatchRuleCreated',
      data: {
        ruleId: LOGISTICS_DEMO_IDS.rules.consoles,
        position: 0,
        title: 'Consoles de jeux vers l’atelier de Lyon',
        conditions: [{ attribute: 'category', operator: 'in', values: [categories.consoles] }],
        warehouseIds: [warehouses.demoLyon],
        nearest: false,
      },
    },
    {
      type: 'DispatchRuleCreated',
      data: {
        ruleId: LOGISTICS_DEMO_IDS.rules.worn,
        position: 1,
        title: 'Montres connectées très usées vers Lyon',
        conditions: [
          { attribute: 'category', operator: 'in', values: [categories.smartwatches] },
          { attribute: 'productState', operator: 'in', values: ['grade_d', 'grade_e'] },
        ],
        warehouseIds: [warehouses.demoLyon],
        nearest: false,
      },
    },
    {
      type: 'DispatchRuleCreated',
      data: {
        ruleId: LOGISTICS_DEMO_IDS.rules.webNearest,
        position: 2,
        title: 'Colis des clients web : l’entrepôt le plus proche',
        conditions: [{ attribute: 'circuit', operator: 'in', values: [circuits.demo.web_drop_label, circuits.demo.web_post, circuits.demo.web_collect] }],
        warehouseIds: [warehouses.demo, warehouses.demoLyon],
        nearest: true,
      },
    },
  ];
  return [
    { streamName: LOGISTICS_STREAMS.dispatchRules.name(accounts.demo), accountId: accounts.demo, organizationId: organizations.demoRoot, events: demo, offsetMinutes: -60 * 24 * 40 },
    {
      streamName: LOGISTICS_STREAMS.dispatchRules.name(accounts.other),
      accountId: accounts.other,
      organizationId: organizations.otherRoot,
      events: [{ type: 'DefaultWarehouseChosen', data: { warehouseId: warehouses.other } }],
      offsetMinutes: -60 * 24 * 40,
    },
  ];
}
