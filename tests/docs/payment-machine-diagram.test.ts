import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAYMENT_EVENT_TYPES } from '../../domain/payments/events.js';
import { paymentMachine } from '../../domain/payments/machine.js';
import { PAYMENT_STATUSES } from '../../domain/payments/state.js';
import { PAYMENT_MACHINE_DOC_PATH, renderPaymentMachineDiagram } from '../../scripts/generate-machine-diagram.js';

const STALE = 'docs/payment-machine.md is out of date with the payment machine: run `npm run docs:machine`';

describe('docs/payment-machine.md', () => {
  const rendered = renderPaymentMachineDiagram();

  it('is exactly what `npm run docs:machine` generates from the machine', () => {
    expect(existsSync(PAYMENT_MACHINE_DOC_PATH), 'docs/payment-machine.md is missing: run `npm run docs:machine`').toBe(true);
    const committed = readFileSync(PAYMENT_MACHINE_DOC_PATH, 'utf8');
    expect(committed === rendered, STALE).toBe(true);
  });

  it('renders the same document every time', () => {
    expect(renderPaymentMachineDiagram()).toBe(rendered);
  });

  const mermaid = /```mermaid\n([\s\S]*?)```/.exec(rendered)?.[1] ?? '';
  const transitions = /## Transitions\n([\s\S]*?)\n## /.exec(rendered)?.[1] ?? '';

  it('holds a Mermaid state diagram starting from awaiting_payment', () => {
    expect(mermaid.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(mermaid).toContain('[*] --> awaiting_payment');
  });

  it.each(PAYMENT_STATUSES)('shows the status %s in the diagram and in the statuses table', (status) => {
    expect(mermaid).toMatch(new RegExp(`\\b${status}\\b`));
    expect(rendered).toMatch(new RegExp(`^\\| \`${status}\` \\|`, 'm'));
  });

  it.each(PAYMENT_EVENT_TYPES)('shows the event %s in the diagram and in the transitions table', (eventType) => {
    expect(mermaid).toMatch(new RegExp(`: ${eventType}\\b`));
    expect(transitions).toMatch(new RegExp(`\\| ${eventType} \\|`));
  });

  it.each(Object.keys(paymentMachine.implementations.guards))('shows the guard %s', (guard) => {
    expect(mermaid).toContain(`[${guard}]`);
  });

  it('shows a relaunch leading a failed payment back to created, and the two ends as final', () => {
    expect(mermaid).toContain('payment_failed --> payment_created : PaymentRelaunched');
    expect(mermaid).toContain('payment_cancelled --> [*]');
    expect(mermaid).toContain('payment_not_needed --> [*]');
  });

  it('says that awaiting_payment is a public status, not only the state before the first event', () => {
    expect(rendered).toContain('`awaiting_payment` is the machine\'s state before the first event, and a public status');
    expect(rendered).not.toContain('`awaiting_payment` is the machine\'s state before the first event, not a public status');
  });
});
