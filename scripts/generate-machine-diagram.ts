/**
 * Generates the lifecycle documents from the XState machines themselves:
 * docs/buyback-machine.md from the buyback machine, docs/item-machine.md
 * from the item machine, docs/package-machine.md from the package
 * machine and docs/payment-machine.md from the payment machine, each a Mermaid stateDiagram-v2 of every state and transition, the
 * table of transitions, and the table of statuses.
 *
 *   npm run docs:machine
 *
 * tests/docs/buyback-machine-diagram.test.ts,
 * tests/docs/item-machine-diagram.test.ts,
 * tests/docs/package-machine-diagram.test.ts and
 * tests/docs/payment-machine-diagram.test.ts fail when a file is stale.
 */
import { realpathSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buybackMachine } from '../domain/buybacks/machine.js';
import { BUYBACK_STATUSES, COMPLETED_STATUSES, type BuybackStatus } from '../domain/buybacks/state.js';
import { packageMachine } from '../domain/logistics/packages/machine.js';
import { PACKAGE_STATUSES, type PackageStatus } from '../domain/logistics/packages/state.js';
import { paymentMachine } from '../domain/payments/machine.js';
import { PAYMENT_STATUSES, PENDING_PAYMENT_STATUSES, type PaymentStatus } from '../domain/payments/state.js';
import { itemMachine } from '../domain/warehouse/items/machine.js';
import { IN_WAREHOUSE_STATUSES, ITEM_STATUSES, type ItemStatus } from '../domain/warehouse/items/state.js';

export const BUYBACK_MACHINE_DOC_PATH = fileURLToPath(new URL('../docs/buyback-machine.md', import.meta.url));
export const ITEM_MACHINE_DOC_PATH = fileURLToPath(new URL('../docs/item-machine.md', import.meta.url));
export const PACKAGE_MACHINE_DOC_PATH = fileURLToPath(new URL('../docs/package-machine.md', import.meta.url));
export const PAYMENT_MACHINE_DOC_PATH = fileURLToPath(new URL('../docs/payment-machine.md', import.meta.url));

/** What the dashboards show for each buyback status. */
export const STATUS_CAPTIONS: Record<BuybackStatus, string> = {
  bb_awaiting_store_drop: 'Predeclared (to be dropped in shop)',
  bb_awaiting_inventory: 'Awaiting shipment',
  bb_in_transit: 'Transport in progress',
  bb_in_processing: 'Processing',
  bb_completed: 'Finalized',
  bb_completed_by_price: 'Finalized',
  bb_completed_with_absorption: 'Finalized',
  bb_completed_with_negociation: 'Finalized',
  bb_not_completed: 'Not completed',
  bb_cancelled: 'Cancelled',
};

/** What each item status means, and where the item is. */
export const ITEM_STATUS_MEANINGS: Record<ItemStatus, string> = {
  item_created: "Awaiting its customer's own shipment (a web buyback the customer posts)",
  item_awaiting_store_drop: 'Pre-declared on the web, awaiting its drop in a shop',
  item_awaiting_inventory: 'In a shop, awaiting its shipment to the warehouse',
  item_in_transit: 'On its way to the warehouse',
  item_registered_in_warehouse: 'Received (to-approve stock), awaiting its compliance check',
  item_awaiting_compliancy_tests: "Checked: a new price awaits the customer's answer",
  item_completed: 'Bought: by price, with absorption, with negotiation or without control (to-refurbish stock)',
  item_refurb_diagnostic_in_progress: 'Its refurbishment diagnostic is in progress',
  item_refurb_in_progress: 'Being refurbished',
  item_refurb_completed: 'Refurbished (refurb-completed stock)',
  item_in_quarantine: 'Held (quarantine stock) until released',
  item_to_reintegrate_to_stock: 'Released from quarantine, its check to be done (again)',
  item_to_return: 'The customer refused the new price: to send back (customer-return stock)',
  item_returned: 'Sent back to its customer',
  item_cancelled: 'Its buyback was cancelled; sent back from the customer-return stock if it had reached the warehouse',
  item_lost_store: 'Lost in the shop',
  item_lost_transport: 'Lost in transport',
  item_lost_warehouse: 'Lost in the warehouse',
};

/** What each package status means, and whether its content can still change. */
export const PACKAGE_STATUS_MEANINGS: Record<PackageStatus, string> = {
  open: 'The store scans devices into it (at most 50), takes them out, clears it',
  discarded: 'Abandoned while open: its devices are free to go in another package',
  closed: "Confirmed: its devices are in transit; under a carrier's label, the label is being made",
  label_ready: 'Its label can be downloaded and printed; the carrier has not reported having it',
  handed_to_carrier: 'The carrier has it (initialised, in progress, available for pickup)',
  delivered: 'The carrier delivered it to the warehouse',
  carrier_failure: 'The carrier reports a failure (failed, returned to sender, cancelled); it may still try again',
};

/** What each payment status means (specification 001 names them; our reading: docs/specification-readings.md). */
const PAYMENT_STATUS_MEANINGS: Record<PaymentStatus, string> = {
  awaiting_payment: 'No payment yet: its buyback is not completed (pending)',
  payment_created: 'Due: the amount is fixed, its provider has not taken it up yet, or a relaunch awaits it (pending)',
  payment_initiated: 'Its provider took it up (a SEPA file downloaded, an order placed): it can no longer be called back',
  payment_completed: 'Paid (its provider confirmed, an operator marked it paid, or a gift card or voucher handed over)',
  payment_cancelled: 'Called back before it left, with its buyback',
  payment_failed: 'Its provider or the bank refused it, with a reason; it may be relaunched',
  payment_not_needed: 'Nothing to pay (a zero amount, or settled another way)',
};

// The parts of XState's StateNode / TransitionDefinition this generator reads.
type Guard = string | { type?: unknown } | ((...args: never[]) => unknown) | undefined;

interface TransitionLike {
  readonly eventType: string;
  readonly target: readonly StateNodeLike[] | undefined;
  readonly guard?: Guard;
}

interface StateNodeLike {
  readonly key: string;
  readonly id: string;
  readonly path: readonly string[];
  readonly type: string;
  readonly states: Record<string, StateNodeLike>;
  readonly transitions: ReadonlyMap<string, readonly TransitionLike[]>;
  readonly initial?: { readonly target: readonly StateNodeLike[] } | undefined;
}

/** What stands for the machine itself: a transition defined on it is taken in every state. */
const EVERY_STATE_ID = 'every_state';
const EVERY_STATE_LABEL = '(every state)';

/** A Mermaid-safe id: the state's path joined by underscores (top-level states keep their key). */
function mermaidId(node: StateNodeLike): string {
  return node.path.length === 0 ? EVERY_STATE_ID : node.path.join('__');
}

/** How the tables name a state: its dotted path. */
function pathOf(node: StateNodeLike): string {
  return node.path.length === 0 ? EVERY_STATE_LABEL : `\`${node.path.join('.')}\``;
}

function guardName(guard: Guard): string | null {
  if (guard === undefined) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'guard';
  return typeof guard.type === 'string' ? guard.type : 'guard';
}

function children(node: StateNodeLike): StateNodeLike[] {
  return Object.values(node.states);
}

function allNodes(node: StateNodeLike): StateNodeLike[] {
  return [node, ...children(node).flatMap(allNodes)];
}

/** The path of the deepest composite state holding both ends: where Mermaid must see the arrow. */
function scopeOf(source: StateNodeLike, target: StateNodeLike): string {
  const a = source.path.slice(0, -1);
  const b = target.path.slice(0, -1);
  const common: string[] = [];
  for (let i = 0; i < Math.min(a.length, b.length) && a[i] === b[i]; i++) common.push(a[i] as string);
  return common.join('.');
}

/** One transition of the machine: a targetless one leaves the state as it is (it only records something). */
interface Edge {
  readonly source: StateNodeLike;
  readonly eventType: string;
  /** The guard's name; `else` for the unguarded fallback of guarded alternatives; null when unguarded. */
  readonly guard: string | null;
  /** The state it leads to; the source itself for a targetless transition. */
  readonly target: StateNodeLike;
  readonly targetless: boolean;
}

/** Every transition of every state, in the machine's order. */
function edgesOf(nodes: readonly StateNodeLike[]): Edge[] {
  const edges: Edge[] = [];
  for (const source of nodes) {
    for (const [eventType, alternatives] of source.transitions) {
      const guarded = alternatives.length > 1 || alternatives.some((t) => t.guard !== undefined);
      for (const transition of alternatives) {
        const guard = guarded ? (guardName(transition.guard) ?? 'else') : null;
        const targets = transition.target ?? [];
        if (targets.length === 0) edges.push({ source, eventType, guard, target: source, targetless: true });
        for (const target of targets) edges.push({ source, eventType, guard, target, targetless: false });
      }
    }
  }
  return edges;
}

interface Arrow {
  readonly scope: string;
  readonly text: string;
}

/** Each transition as a Mermaid arrow, labelled with its event (and guard, for guarded alternatives). */
function arrowsOf(edges: readonly Edge[]): Arrow[] {
  return edges.map(({ source, eventType, guard, target }) => ({
    scope: scopeOf(source, target),
    text: `${mermaidId(source)} --> ${mermaidId(target)} : ${guard === null ? eventType : `${eventType} [${guard}]`}`,
  }));
}

/**
 * One level of the diagram: the initial `[*]` arrow, the states (composite
 * ones as nested blocks), the transitions whose both ends are visible at
 * this level, and the `[*]` arrows of the final states.
 */
function renderLevel(parent: StateNodeLike, arrows: readonly Arrow[], indent: string): string[] {
  const lines: string[] = [];
  for (const target of parent.initial?.target ?? []) lines.push(`${indent}[*] --> ${mermaidId(target)}`);
  // Transitions of the machine itself: drawn on a pseudo-state standing for every state.
  if (parent.path.length === 0 && arrows.some((arrow) => arrow.text.startsWith(`${EVERY_STATE_ID} `))) {
    lines.push(`${indent}state "${EVERY_STATE_LABEL}" as ${EVERY_STATE_ID}`);
  }
  for (const node of children(parent)) {
    if (children(node).length > 0) {
      const id = mermaidId(node);
      lines.push(id === node.key ? `${indent}state ${id} {` : `${indent}state "${node.key}" as ${id} {`);
      lines.push(...renderLevel(node, arrows, `${indent}  `));
      lines.push(`${indent}}`);
    } else if (mermaidId(node) !== node.key) {
      lines.push(`${indent}state "${node.key}" as ${mermaidId(node)}`);
    }
  }
  const scope = parent.path.join('.');
  for (const arrow of arrows) if (arrow.scope === scope) lines.push(`${indent}${arrow.text}`);
  for (const node of children(parent)) if (node.type === 'final') lines.push(`${indent}${mermaidId(node)} --> [*]`);
  return lines;
}

function transitionRows(edges: readonly Edge[]): string[] {
  return edges.map(({ source, eventType, guard, target, targetless }) => {
    const to = targetless ? '(stays)' : pathOf(target);
    return `| ${pathOf(source)} | ${eventType} | ${guard === null ? '' : `\`${guard}\``} | ${to} |`;
  });
}

interface MachineDoc {
  readonly title: string;
  readonly root: StateNodeLike;
  /** The machine's export and the file that defines it. */
  readonly machineName: string;
  readonly source: string;
  readonly test: string;
  /** What is in a state: "a buyback". */
  readonly subject: string;
  readonly statusTable: readonly string[];
  /** What to say of the initial state, when it is a public status and not only the state before the first event. */
  readonly initialNote?: string;
}

function renderMachineDoc(doc: MachineDoc): string {
  const { root } = doc;
  const nodes = allNodes(root);
  const edges = edgesOf(nodes);
  const composites = nodes.filter((node) => node !== root && children(node).length > 0);
  const hasTargetless = edges.some((edge) => edge.targetless);
  return [
    `# ${doc.title}`,
    '',
    `> Generated by \`npm run docs:machine\` (scripts/generate-machine-diagram.ts) from \`${doc.machineName}\``,
    `> in ${doc.source}. Do not edit this file by hand: change the machine and run`,
    `> \`npm run docs:machine\`; ${doc.test} fails while it is stale.`,
    '',
    'Transitions are labelled with the domain event that records them; a guarded',
    'alternative shows its guard in brackets (`[else]` is the unguarded fallback).',
    ...(hasTargetless ? ['An arrow back to its own state records something without changing the status.'] : []),
    ...(edges.some((edge) => edge.source === root)
      ? [`\`${EVERY_STATE_LABEL}\` stands for every state: what it records is recorded whatever the status.`]
      : []),
    ...composites.map(
      (node) =>
        `\`${node.key}\` is a composite state: ${doc.subject} in it is in one of its sub-states ` +
        `(${children(node).map((child) => `\`${child.key}\``).join(', ')}), starting with ` +
        `${(node.initial?.target ?? []).map((child) => `\`${child.key}\``).join(', ')}.`,
    ),
    ...(doc.initialNote !== undefined
      ? [doc.initialNote]
      : (root.initial?.target ?? []).map((node) => `\`${node.key}\` is the machine's state before the first event, not a public status.`)),
    '',
    '```mermaid',
    'stateDiagram-v2',
    ...renderLevel(root, arrowsOf(edges), '  '),
    '```',
    '',
    '## Transitions',
    '',
    '| From | Event | Guard | To |',
    '| --- | --- | --- | --- |',
    ...transitionRows(edges),
    '',
    '## Statuses',
    '',
    ...doc.statusTable,
    '',
  ].join('\n');
}

export function renderBuybackMachineDiagram(): string {
  const root = buybackMachine.root as unknown as StateNodeLike;
  return renderMachineDoc({
    title: 'Buyback lifecycle',
    root,
    machineName: 'buybackMachine',
    source: 'domain/buybacks/machine.ts',
    test: 'tests/docs/buyback-machine-diagram.test.ts',
    subject: 'a buyback',
    statusTable: [
      '| Status | Dashboard caption | Completed | Final |',
      '| --- | --- | --- | --- |',
      ...BUYBACK_STATUSES.map((status) => {
        const final = root.states[status]?.type === 'final' ? 'yes' : 'no';
        const completed = COMPLETED_STATUSES.includes(status) ? 'yes' : 'no';
        return `| \`${status}\` | ${STATUS_CAPTIONS[status]} | ${completed} | ${final} |`;
      }),
    ],
  });
}

export function renderItemMachineDiagram(): string {
  const root = itemMachine.root as unknown as StateNodeLike;
  return renderMachineDoc({
    title: 'Item lifecycle',
    root,
    machineName: 'itemMachine',
    source: 'domain/warehouse/items/machine.ts',
    test: 'tests/docs/item-machine-diagram.test.ts',
    subject: 'an item',
    statusTable: [
      '| Status | Meaning | In a stock of the warehouse | Final |',
      '| --- | --- | --- | --- |',
      ...ITEM_STATUSES.map((status) => {
        const final = root.states[status]?.type === 'final' ? 'yes' : 'no';
        const inWarehouse = IN_WAREHOUSE_STATUSES.includes(status) ? 'yes' : status === 'item_cancelled' ? 'if it had reached it' : 'no';
        return `| \`${status}\` | ${ITEM_STATUS_MEANINGS[status]} | ${inWarehouse} | ${final} |`;
      }),
    ],
  });
}

export function renderPackageMachineDiagram(): string {
  const root = packageMachine.root as unknown as StateNodeLike;
  return renderMachineDoc({
    title: 'Package lifecycle',
    root,
    machineName: 'packageMachine',
    source: 'domain/logistics/packages/machine.ts',
    test: 'tests/docs/package-machine-diagram.test.ts',
    subject: 'a package',
    statusTable: [
      '| Status | Meaning | Content can change | Final |',
      '| --- | --- | --- | --- |',
      ...PACKAGE_STATUSES.map((status) => {
        const final = root.states[status]?.type === 'final' ? 'yes' : 'no';
        return `| \`${status}\` | ${PACKAGE_STATUS_MEANINGS[status]} | ${status === 'open' ? 'yes' : 'no'} | ${final} |`;
      }),
    ],
  });
}

export function renderPaymentMachineDiagram(): string {
  const root = paymentMachine.root as unknown as StateNodeLike;
  return renderMachineDoc({
    title: 'Payment lifecycle',
    root,
    machineName: 'paymentMachine',
    source: 'domain/payments/machine.ts',
    test: 'tests/docs/payment-machine-diagram.test.ts',
    subject: 'a payment',
    initialNote: "`awaiting_payment` is the machine's state before the first event, and a public status: its buyback is not completed, no payment exists yet.",
    statusTable: [
      '| Status | Meaning | Pending | Final |',
      '| --- | --- | --- | --- |',
      ...PAYMENT_STATUSES.map((status) => {
        const final = root.states[status]?.type === 'final' ? 'yes' : 'no';
        return `| \`${status}\` | ${PAYMENT_STATUS_MEANINGS[status]} | ${PENDING_PAYMENT_STATUSES.includes(status) ? 'yes' : 'no'} | ${final} |`;
      }),
    ],
  });
}

function isRunAsScript(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isRunAsScript()) {
  for (const [path, render] of [
    [BUYBACK_MACHINE_DOC_PATH, renderBuybackMachineDiagram],
    [ITEM_MACHINE_DOC_PATH, renderItemMachineDiagram],
    [PACKAGE_MACHINE_DOC_PATH, renderPackageMachineDiagram],
    [PAYMENT_MACHINE_DOC_PATH, renderPaymentMachineDiagram],
  ] as const) {
    writeFileSync(path, render());
    console.log(`Wrote ${path}`);
  }
}
