import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PACKAGE_EVENT_TYPES } from '../../domain/logistics/packages/events.js';
import { packageMachine } from '../../domain/logistics/packages/machine.js';
import { PACKAGE_STATUSES } from '../../domain/logistics/packages/state.js';
import { PACKAGE_MACHINE_DOC_PATH, renderPackageMachineDiagram } from '../../scripts/generate-machine-diagram.js';

const STALE = 'docs/package-machine.md is out of date with the package machine: run `npm run docs:machine`';

describe('docs/package-machine.md', () => {
  const rendered = renderPackageMachineDiagram();

  it('is exactly what `npm run docs:machine` generates from the machine', () => {
    expect(existsSync(PACKAGE_MACHINE_DOC_PATH), 'docs/package-machine.md is missing: run `npm run docs:machine`').toBe(true);
    const committed = readFileSync(PACKAGE_MACHINE_DOC_PATH, 'utf8');
    expect(committed === rendered, STALE).toBe(true);
  });

  it('renders the same document every time', () => {
    expect(renderPackageMachineDiagram()).toBe(rendered);
  });

  const mermaid = /```mermaid\n([\s\S]*?)```/.exec(rendered)?.[1] ?? '';
  const transitions = /## Transitions\n([\s\S]*?)\n## /.exec(rendered)?.[1] ?? '';

  it('holds a Mermaid state diagram', () => {
    expect(mermaid.startsWith('stateDiagram-v2\n')).toBe(true);
  });

  it.each(PACKAGE_STATUSES)('shows the status %s in the diagram and in the statuses table', (status) => {
    expect(mermaid).toMatch(new RegExp(`\\b${status}\\b`));
    expect(rendered).toMatch(new RegExp(`^\\| \`${status}\` \\|`, 'm'));
  });

  it.each(PACKAGE_EVENT_TYPES)('shows the event %s in the diagram and in the transitions table', (eventType) => {
    expect(mermaid).toMatch(new RegExp(`: ${eventType}\\b`));
    expect(transitions).toMatch(new RegExp(`\\| ${eventType} \\|`));
  });

  it.each(Object.keys(packageMachine.implementations.guards))('shows the guard %s', (guard) => {
    expect(mermaid).toContain(`[${guard}]`);
  });

  it('shows the two ends of a package, discarded and delivered, as final', () => {
    expect(mermaid).toContain('discarded --> [*]');
    expect(mermaid).toContain('delivered --> [*]');
    expect(rendered).toMatch(/^\| `discarded` \|.*\| yes \|$/m);
    expect(rendered).toMatch(/^\| `delivered` \|.*\| yes \|$/m);
  });

  it("shows a carrier's report that only records something as an arrow back to its state", () => {
    expect(mermaid).toContain('label_ready --> label_ready : PackageDeliveryStatusChanged [bookkeeping]');
    expect(transitions).toContain('| `label_ready` | PackageDeliveryStatusChanged | `bookkeeping` | (stays) |');
  });
});
