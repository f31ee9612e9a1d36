import type { Decider } from './decider.js';
import type { DomainError } from './domain-error.js';

/** Who holds a unique name now (null: free). */
export interface ReservationState {
  holder: string | null;
}

type Reserve = { type: string; data: { organizationId: string; heldElsewhere: string | null } };
type Release = { type: string; data: { organizationId: string } };
type Fact = { type: string; data: { organizationId: string } };

/**
 * The decider of a unique name's reservation stream (an entity's external id,
 * a single sign-on domain): one holder at a time; reserving what one holds
 * writes nothing; a name held by another (on the stream, or in the read model
 * for one registered before reservations existed: `heldElsewhere`) is refused
 * with `taken`; only the holder releases it.
 */
export function reservationDecider<C extends Reserve | Release, E extends Fact>(names: {
  reserve: C['type'];
  reserved: E['type'];
  released: E['type'];
  taken(data: Extract<C, Reserve>['data']): DomainError;
}): Decider<ReservationState, C, E> {
  return {
    initialState: () => ({ holder: null }),
    evolve: (state, event) => {
      if (event.type === names.reserved) return { holder: event.data.organizationId };
      return state.holder === event.data.organizationId ? { holder: null } : state;
    },
    decide: (command, state) => {
      if (command.type === names.reserve) {
        const { heldElsewhere, ...data } = (command as Extract<C, Reserve>).data;
        if (state.holder === data.organizationId) return [];
        const other = state.holder ?? (heldElsewhere !== data.organizationId ? heldElsewhere : null);
        if (other !== null) throw names.taken((command as Extract<C, Reserve>).data);
        return [{ type: names.reserved, data } as E];
      }
      return state.holder === command.data.organizationId ? [{ type: names.released, data: command.data } as E] : [];
    },
  };
}
