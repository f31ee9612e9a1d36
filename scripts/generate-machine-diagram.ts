/**
 * Generates docs/buyback-machine.md from the buyback XState machine itself:
 * a Mermaid stateDiagram-v2 of every state and transition, and the table of
 * statuses with their dashboard captions.
 *
 *   npm run docs:machine
 *
 * tests/docs/buyback-machine-diagram.test.ts fails when the file is stale.
 */
import { realpathSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buybackMachine } from '../domain/buybacks/machine.js';
import { BUYBACK_STATUSES, COMPLETED_STATUSES, type BuybackStatus } from '../domain/buybacks/state.js';

export const BUYBACK_MACHINE_DOC_PATH = fileURLToPath(new URL('../docs/buyback-machine.md', import.meta.url));

/** What the dashboards show for each status. */
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

/** A Mermaid-safe id: the state's path joined by underscores (top-level states keep their key). */
function mermaidId(node: StateNodeLike): string {
  return node.path.join('__');
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

interface Arrow {
  readonly scope: string;
  readonly text: string;
}

/** Every transition of every state, labelled with its event (and guard, for guarded alternatives). */
function transitionArrows(nodes: readonly StateNodeLike[]): Arrow[] {
  const arrows: Arrow[] = [];
  for (const node of nodes) {
    for (const [eventType, alternatives] of node.transitions) {
      const guarded = alternatives.length > 1 || alternatives.some((t) => t.guard !== undefined);
      for (const transition of alternatives) {
        const name = guardName(transition.guard);
        const label = guarded ? `${eventType} [${name ?? 'else'}]` : eventType;
        for (const target of transition.target ?? []) {
          arrows.push({ scope: scopeOf(node, target), text: `${mermaidId(node)} --> ${mermaidId(target)} : ${label}` });
        }
      }
    }
  }
  return arrows;
}

/**
 * One level of the diagram: the initial `[*]` arrow, the states (composite
 * ones as nested blocks), the transitions whose both ends are visible at
 * this level, and the `[*]` arrows of the final states.
 */
function renderLevel(parent: StateNodeLike, arrows: readonly Arrow[], indent: string): string[] {
  const lines: string[] = [];
  for (const target of parent.initial?.target ?? []) lines.push(`${indent}[*] --> ${mermaidId(target)}`);
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

export function renderBuybackMachineDiagram(): string {
  const root = buybackMachine.root as unknown as StateNodeLike;
  const composites = allNodes(root).filter((node) => node !== root && children(node).length > 0);
  const diagram = ['stateDiagram-v2', ...renderLevel(root, transitionArrows(allNodes(root)), '  ')];

  const statusRows = BUYBACK_STATUSES.map((status) => {
    const node = root.states[status];
    const final = node?.type === 'final' ? 'yes' : 'no';
    const completed = COMPLETED_STATUSES.includes(status) ? 'yes' : 'no';
    return `| \`${status}\` | ${STATUS_CAPTIONS[status]} | ${completed} | ${final} |`;
  });

  return [
    '# Buyback lifecycle',
    '',
    '> Generated by `npm run docs:machine` (scripts/generate-machine-diagram.ts) from `buybackMachine`',
    '> in domain/buybacks/machine.ts. Do not edit this file by hand: change the machine and run',
    '> `npm run docs:machine`; tests/docs/buyback-machine-diagram.test.ts fails while it is stale.',
    '',
    'Transitions are labelled with the domain event that records them; a guarded',
    'alternative shows its guard in brackets (`[else]` is the unguarded fallback).',
    ...composites.map(
      (node) =>
        `\`${node.key}\` is a composite state: a buyback in it is in one of its sub-states ` +
        `(${children(node).map((child) => `\`${child.key}\``).join(', ')}), starting with ` +
        `${(node.initial?.target ?? []).map((child) => `\`${child.key}\``).join(', ')}.`,
    ),
    ...(root.initial?.target ?? []).map(
      (node) => `\`${node.key}\` is the machine's state before the first event, not a public status.`,
    ),
    '',
    '```mermaid',
    ...diagram,
    '```',
    '',
    '## Statuses',
    '',
    '| Status | Dashboard caption | Completed | Final |',
    '| --- | --- | --- | --- |',
    ...statusRows,
    '',
  ].join('\n');
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
  writeFileSync(BUYBACK_MACHINE_DOC_PATH, renderBuybackMachineDiagram());
  console.log(`Wrote ${BUYBACK_MACHINE_DOC_PATH}`);
}
