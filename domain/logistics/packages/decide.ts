import { DomainError } from '../../shared/domain-error.js';
import type { PackageCommand } from './commands.js';
import type { PackageEvent, PackedBuyback, WarehouseReceiptReason } from './events.js';
import { evolvePackage, packageStatus, type PackageSnapshot } from './machine.js';
import { PACKAGE_MAX_BUYBACKS } from './state.js';

/**
 * Turns a command and the package's state into events, or refuses with a
 * DomainError whose code the API returns as is. Pure. Whether a buyback may
 * leave its store at all is its own aggregate's to say (`PackBuyback`); here,
 * what the package itself allows.
 */
export function decide(command: PackageCommand, state: PackageSnapshot): PackageEvent[] {
  const ctx = state.context;
  if (command.type === 'OpenPackage') {
    if (ctx.packageId !== null) throw new DomainError('PACKAGE_ALREADY_EXISTS', { packageId: ctx.packageId });
    return [{ type: 'PackageOpened', data: command.data }];
  }
  const packageId = ctx.packageId;
  if (packageId === null) throw new DomainError('PACKAGE_NOT_FOUND');
  const status = packageStatus(state);
  const ensureOpen = () => {
    if (status !== 'open') throw new DomainError('PACKAGE_NOT_OPEN', { status, number: ctx.number });
  };

  switch (command.type) {
    case 'AddBuybackToPackage': {
      ensureOpen();
      const { buyback } = command.data;
      if (ctx.buybacks.some((b) => b.buybackId === buyback.buybackId)) {
        throw new DomainError('BB_ALREADY_FILLED', { identificationNumber: buyback.identificationNumber });
      }
      if (ctx.buybacks.length >= PACKAGE_MAX_BUYBACKS) throw new DomainError('PACKAGE_FULL', { max: PACKAGE_MAX_BUYBACKS });
      return emit(state, { type: 'PackageBuybackAdded', data: { packageId, buyback } });
    }
    case 'RemoveBuybackFromPackage': {
      ensureOpen();
      if (!ctx.buybacks.some((b) => b.buybackId === command.data.buybackId)) {
        throw new DomainError('PACKAGE_BUYBACK_NOT_IN_PACKAGE', { buybackId: command.data.buybackId });
      }
      return emit(state, { type: 'PackageBuybackRemoved', data: { packageId, buybackId: command.data.buybackId } });
    }
    case 'ClearPackage':
      ensureOpen();
      if (ctx.buybacks.length === 0) return [];
      return emit(state, { type: 'PackageCleared', data: { packageId, buybackIds: ctx.buybacks.map((b) => b.buybackId) } });
    case 'DiscardPackage':
      ensureOpen();
      return emit(state, { type: 'PackageDiscarded', data: { packageId, buybackIds: ctx.buybacks.map((b) => b.buybackId) } });
    case 'GiveUpBuybackReceivedAtWarehouse': {
      ensureOpen();
      const buyback = ctx.buybacks.find((b) => b.buybackId === command.data.buybackId);
      if (!buyback) throw new DomainError('PACKAGE_BUYBACK_NOT_IN_PACKAGE', { buybackId: command.data.buybackId });
      return emit(state, receivedAtWarehouse(packageId, buyback, command.data.warehouseId, 'received_at_check_in'));
    }
    case 'ClosePackage': {
      if (status !== 'open') throw new DomainError('PACKAGE_CANNOT_BE_CLOSED', { reason: 'not_open', status, number: ctx.number });
      if (ctx.buybacks.length === 0) throw new DomainError('PACKAGE_CANNOT_BE_CLOSED', { reason: 'empty', number: ctx.number });
      // A device the warehouse already received never ships in it: left out (BB_ALREADY_AT_WAREHOUSE), the rest ships.
      const atWarehouse = new Set(command.data.atWarehouse ?? []);
      const events: PackageEvent[] = [];
      let next = state;
      for (const buyback of ctx.buybacks.filter((b) => atWarehouse.has(b.buybackId))) {
        const event = receivedAtWarehouse(packageId, buyback, ctx.warehouseId as string, 'BB_ALREADY_AT_WAREHOUSE');
        emit(next, event);
        events.push(event);
        next = evolvePackage(next, event);
      }
      const leaving = next.context.buybacks;
      // Every device is already at the warehouse: nothing left to ship, the package stays open (and empty).
      if (leaving.length === 0) return events;
      const weightGrams = leaving.reduce((total, b) => total + b.weightGrams, 0);
      return [
        ...events,
        ...emit(next, {
          type: 'PackageClosed',
          data: { packageId, buybackIds: leaving.map((b) => b.buybackId), weightGrams, labelMode: ctx.labelMode ?? 'with_label' },
        }),
      ];
    }
    case 'RecordPackageLabel': {
      // The same label recorded again (a relay delivered twice) changes nothing.
      if (ctx.label?.trackingNumber === command.data.trackingNumber) return [];
      return emit(state, { type: 'PackageLabelReady', data: { packageId, ...command.data } });
    }
    case 'RecordPackageDelivery': {
      // Carriers' events may arrive late or twice: one older than the latest applied, or a repeat, changes nothing.
      if (ctx.deliveryAt !== null && (command.data.occurredAt < ctx.deliveryAt || (command.data.occurredAt === ctx.deliveryAt && command.data.status === ctx.deliveryStatus))) return [];
      if (status === 'delivered') return [];
      return emit(state, { type: 'PackageDeliveryStatusChanged', data: { packageId, ...command.data } });
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

function receivedAtWarehouse(packageId: string, buyback: PackedBuyback, warehouseId: string, reason: WarehouseReceiptReason): PackageEvent {
  return { type: 'PackageBuybackReceivedAtWarehouse', data: { packageId, buybackId: buyback.buybackId, identificationNumber: buyback.identificationNumber, warehouseId, reason } };
}

/** The event, if the machine allows it now; else the refusal every transition shares. */
function emit(state: PackageSnapshot, event: PackageEvent): PackageEvent[] {
  if (!state.can(event)) {
    throw new DomainError('PACKAGE_TRANSITION_NOT_ALLOWED', { status: packageStatus(state), event: event.type });
  }
  return [event];
}
