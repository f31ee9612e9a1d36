import type { DemoActivityContext } from '../../seed/demo-activity.js';

/** The diagnosis's share of the demo (after the definitions'): a few items with a diagnosis left open, several finalized. */
export async function diagnosisDemoActivity(_context: DemoActivityContext): Promise<void> {}
