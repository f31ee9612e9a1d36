import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUYBACK_EVENT_TYPES } from '../../domain/buybacks/events.js';
import { BUYBACK_STATUSES } from '../../domain/buybacks/state.js';
import { BUYBACK_MACHINE_DOC_PATH, renderBuybackMachineDiagram } from '../../scripts/generate-machine-diagram.js';

const STALE = 'docs/buyback-machine.md is out of date with the buyback machine: run `npm run docs:machine`';

describe('docs/buyback-machine.md', () => {
  const rendered = renderBuybackMachineDiagram();

  it('is exactly what `npm run docs:machine` generates from the machine', () => {
    expect(existsSync(BUYBACK_MACHINE_DOC_PATH), `docs/buyback-machine.md is missing: run \`npm run docs:machine\``).toBe(true);
    const committed = readFileSync(BUYBACK_MACHINE_DOC_PATH, 'utf8');
    expect(committed === rendered, STALE).toBe(true);
  });

  it('renders the same document every time', () => {
    expect(renderBuybackMachineDiagram()).toBe(rendered);
  });

  const mermaid = /```mermaid\n([\s\S]*?)```/.exec(rendered)?.[1] ?? '';

  it('holds a Mermaid state diagram', () => {
    expect(mermaid.startsWith('stateDiagram-v2\n')).toBe(true);
  });

  it.each(BUYBACK_STATUSES)('shows the status %s in the diagram', (status) => {
    expect(mermaid).toMatch(new RegExp(`\\b${status}\\b`));
  });

  it.each(BUYBACK_EVENT_TYPES)('shows the event %s in the diagram', (eventType) => {
    expect(mermaid).toMatch(new RegExp(`: ${eventType}\\b`));
  });
});
