import { decide } from '../../domain/buyback/decide.js';
import { evolveBuyback, initialBuyback, type BuybackSnapshot } from '../../domain/buyback/machine.js';
import type { BuybackCommand } from '../../domain/buyback/commands.js';
import type { BuybackEvent } from '../../domain/buyback/events.js';
import type { Decider } from '../commands/command-handler.js';

export const buybackDecider: Decider<BuybackSnapshot, BuybackCommand, BuybackEvent> = {
  initialState: initialBuyback,
  evolve: evolveBuyback,
  decide,
};
