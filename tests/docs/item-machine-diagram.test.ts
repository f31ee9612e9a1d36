import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ITEM_EVENT_TYPES } from '../../domain/warehouse/items/events.js';
import { itemMachine } from '../../domain/warehouse/items/machine.js';
import { ITEM_STATUSES } from '../../domain/warehouse/items/state.js';
import { ITEM_MACHINE_DOC_PATH, renderItemMachineDiagram } from '../../scripts/generate-machine-diagram.js';

const STALE = 'docs/item-machine.md is out of date with the item machine: run `npm run docs:machine`';

describe('docs/item-machine.md', () => {
  const rendered = renderItemMachineDiagram();

  it('is exactly what `npm run docs:machine` generates from the machine', () => {
    expect(existsSync(ITEM_MACHINE_DOC_PATH), 'docs/item-machine.md is missing: run `npm run docs:machine`').toBe(true);
    const committed = readFileSync(ITEM_MACHINE_DOC_PATH, 'utf8');
    expect(committed === rendered, STALE).toBe(true);
  });

  it('renders the same document every time', () => {
    expect(renderItemMachineDiagram()).toBe(rendered);
  });

  const mermaid = /```mermaid\n([\s\S]*?)```/.exec(rendered)?.[1] ?? '';
  const transitions = /## Transitions\n([\s\S]*?)\n## /.exec(rendered)?.[1] ?? '';

  it('holds a Mermaid state diagram', () => {
    expect(mermaid.startsWith('stateDiagram-v2\n')).toBe(true);
  });

  it.each(ITEM_STATUSES)('shows the status %s in the diagram and in the statuses table', (status) => {
    expect(mermaid).toMatch(new RegExp(`\\b${status}\\b`));
    expect(rendered).toMatch(new RegExp(`^\\| \`${status}\` \\|`, 'm'));
  });

  it.each(ITEM_EVENT_TYPES)('shows the event %s in the diagram and in the transitions table', (eventType) => {
    expect(mermaid).toMatch(new RegExp(`: ${eventType}\\b`));
    expect(transitions).toMatch(new RegExp(`\\| ${eventType} \\|`));
  });

  it.each(Object.keys(itemMachine.implementations.guards))('shows the guard %s', (guard) => {
    expect(mermaid).toContain(`[${guard}]`);
  });

  it('shows a transition that only records something as an arrow back to its state, and says so in the table', () => {
    expect(mermaid).toContain('item_in_quarantine --> item_in_quarantine : ItemDisputeMailSent');
    expect(transitions).toContain('| `item_in_quarantine` | ItemDisputeMailSent |  | (stays) |');
  });
});
