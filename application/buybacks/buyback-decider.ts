import { decide } from '../../domain/buybacks/decide.js';
import { evolveBuyback, initialBuyback, type BuybackSnapshot } from '../../domain/buybacks/machine.js';
import type { BuybackCommand } from '../../domain/buybacks/commands.js';
import type { BuybackEvent } from '../../domain/buybacks/events.js';
import type { Decider } from '../commands/command-handler.js';

export const buybackDecider: Decider<BuybackSnapshot, BuybackCommand, BuybackEvent> = {
  initialState: initialBuyback,
  evolve: evolveBuyback,
  decide,
};
