import { decide } from '../../domain/logistics/packages/decide.js';
import { evolvePackage, initialPackage, type PackageSnapshot } from '../../domain/logistics/packages/machine.js';
import type { PackageCommand } from '../../domain/logistics/packages/commands.js';
import type { PackageEvent } from '../../domain/logistics/packages/events.js';
import { transportDecider as domainTransportDecider, type TransportCommand, type TransportState } from '../../domain/logistics/transports/transport.js';
import type { TransportEvent } from '../../domain/logistics/transports/events.js';
import type { Decider } from '../commands/command-handler.js';

export const packageDecider: Decider<PackageSnapshot, PackageCommand, PackageEvent> = {
  initialState: initialPackage,
  evolve: evolvePackage,
  decide,
};

export const transportDecider: Decider<TransportState, TransportCommand, TransportEvent> = domainTransportDecider;

/** A package number's reservation: one event, written once. */
export const packageNumberDecider: Decider<boolean, { type: 'ReservePackageNumber'; data: { number: string; packageId: string } }, { type: 'PackageNumberReserved'; data: { number: string; packageId: string } }> = {
  initialState: () => false,
  evolve: () => true,
  decide: (command, reserved) => (reserved ? [] : [{ type: 'PackageNumberReserved', data: command.data }]),
};
