import type { ItemRefurbStepStatus } from '../events.js';
import { commandOfAction, ITEM_REFURB_STEP_ACTIONS, type ItemRefurbStepAction } from './commands.js';
import { decide } from './decide.js';
import { itemRefurbStepMachine } from './machine.js';
import { EMPTY_ITEM_REFURB_STEP } from './state.js';
import { DomainError } from '../../shared/domain-error.js';

const cache = new Map<ItemRefurbStepStatus, ItemRefurbStepAction[]>();

/**
 * The actions `decide` accepts in a status, in a stable order (a comment
 * given where one is required): screens and details say what can be done
 * without reading the events.
 */
export function allowedStepActions(status: ItemRefurbStepStatus): ItemRefurbStepAction[] {
  let allowed = cache.get(status);
  if (!allowed) {
    const state = itemRefurbStepMachine.resolveState({
      value: status,
      context: { ...EMPTY_ITEM_REFURB_STEP, itemRefurbStepId: 'step', itemId: 'item' },
    });
    allowed = ITEM_REFURB_STEP_ACTIONS.filter((action) => {
      try {
        decide(commandOfAction(action, 'probe'), state);
        return true;
      } catch (error) {
        if (error instanceof DomainError) return false;
        throw error;
      }
    });
    cache.set(status, allowed);
  }
  return allowed;
}
