import type { StepHeadingRef } from '../../../shared/buyback-path/components/step-focus';

/** The wizard's screens in the specification's order; the current one is the `step` query parameter. */
export const WIZARD_STEPS = ['search', 'options', 'declaration', 'customer', 'summary', 'confirmation'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function isWizardStep(value: string | null): value is WizardStep {
  return (WIZARD_STEPS as readonly string[]).includes(value ?? '');
}

/** The declaration's screens: question 1..n, then the price. */
export const PRICE_SCREEN = 'price';

export const wizardPaths = {
  create: '/buyback/create',
  list: '/buybacks',
  buyback: (id: string) => `/buyback/${encodeURIComponent(id)}`,
} as const;

/** Opens a screen of the wizard (its extra query parameters, and navigation state such as field errors). */
export interface GoTo {
  (step: WizardStep, extra?: Record<string, string>, state?: unknown): void;
}

export interface StepProps {
  goTo: GoTo;
  headingRef: StepHeadingRef;
}
