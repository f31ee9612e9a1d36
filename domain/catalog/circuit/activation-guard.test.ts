import { describe, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import type { CircuitType } from '../events.js';
import { circuitGuardDecider, type CircuitGuardCommand, type CircuitGuardEvent, type KnownCircuit } from './activation-guard.js';

const spec = deciderSpecification(circuitGuardDecider);
const ACCOUNT = 'account-1';

const activated = (circuitId: string, circuitType: CircuitType): CircuitGuardEvent => ({ type: 'CircuitActivationRecorded', data: { accountId: ACCOUNT, circuitId, circuitType } });
const deactivated = (circuitId: string, circuitType: CircuitType): CircuitGuardEvent => ({ type: 'CircuitDeactivationRecorded', data: { accountId: ACCOUNT, circuitId, circuitType } });
const used = (categoryId: string, ...circuitIds: string[]): CircuitGuardEvent => ({ type: 'CircuitUsesRecorded', data: { accountId: ACCOUNT, categoryId, circuitIds } });
const released = (categoryId: string, ...circuitIds: string[]): CircuitGuardEvent => ({ type: 'CircuitUsesReleased', data: { accountId: ACCOUNT, categoryId, circuitIds } });

const activate = (circuitId: string, circuitType: CircuitType, known: KnownCircuit[] = []): CircuitGuardCommand => ({
  type: 'GuardCircuitActivation',
  data: { accountId: ACCOUNT, circuitId, circuitType, known },
});
const deactivate = (circuitId: string, circuitType: CircuitType, known: KnownCircuit[] = [], knownUsers: string[] = []): CircuitGuardCommand => ({
  type: 'GuardCircuitDeactivation',
  data: { accountId: ACCOUNT, circuitId, circuitType, known, knownUsers },
});
const use = (categoryId: string, circuitIds: string[], known: KnownCircuit[] = []): CircuitGuardCommand => ({ type: 'RecordCircuitUses', data: { accountId: ACCOUNT, categoryId, circuitIds, known } });
const release = (categoryId: string, circuitIds: string[]): CircuitGuardCommand => ({ type: 'ReleaseCircuitUses', data: { accountId: ACCOUNT, categoryId, circuitIds } });
const seeded = (circuitId: string, circuitType: CircuitType, active: boolean): KnownCircuit => ({ circuitId, circuitType, active });

describe('Only one store_drop circuit active per account', () => {
  it('Given a store_drop recorded active, when another is activated, then it is refused', () => {
    spec.given(activated('s1', 'store_drop')).when(activate('s2', 'store_drop')).thenRefused('CIRCUIT_STORE_DROP_ALREADY_ACTIVE', { circuitId: 's2' });
  });

  it('Given a store_drop the seed wrote active (never recorded), when another is activated, then it is refused too', () => {
    spec.given().when(activate('s2', 'store_drop', [seeded('s1', 'store_drop', true)])).thenRefused('CIRCUIT_STORE_DROP_ALREADY_ACTIVE');
  });

  it('Given the seed’s store_drop recorded deactivated since, when another is activated, then the record wins over the read model', () => {
    spec.given(deactivated('s1', 'store_drop')).when(activate('s2', 'store_drop', [seeded('s1', 'store_drop', true)])).then([activated('s2', 'store_drop')]);
  });

  it('Given a circuit recorded active, when it is activated again, then nothing is written', () => {
    spec.given(activated('s1', 'store_drop')).when(activate('s1', 'store_drop')).then([]);
  });
});

describe('The web store-drop circuit needs the store one', () => {
  it('Given no store_drop active, when web_drop is activated, then it is refused; with one, it is recorded', () => {
    spec.given(activated('p', 'web_post')).when(activate('w', 'web_drop')).thenRefused('CIRCUIT_STORE_DROP_REQUIRED');
    spec.given(activated('s1', 'store_drop')).when(activate('w', 'web_drop')).then([activated('w', 'web_drop')]);
  });

  it('Given web_drop active, when the only store_drop is deactivated, then it is refused; with another store_drop seeded active, it is not', () => {
    spec.given(activated('s1', 'store_drop'), activated('w', 'web_drop')).when(deactivate('s1', 'store_drop')).thenRefused('CIRCUIT_NEEDED_BY_WEB_DROP');
    spec.given(activated('w', 'web_drop')).when(deactivate('s1', 'store_drop', [seeded('s1', 'store_drop', true), seeded('s2', 'store_drop', true)])).then([deactivated('s1', 'store_drop')]);
  });

  it('Given web_drop deactivated, when the store_drop is deactivated, then it is recorded', () => {
    spec.given(activated('s1', 'store_drop'), activated('w', 'web_drop'), deactivated('w', 'web_drop')).when(deactivate('s1', 'store_drop')).then([deactivated('s1', 'store_drop')]);
  });
});

describe('A circuit categories use stays active, and only an active circuit is named', () => {
  it('Given two categories recorded using it, when it is deactivated, then it is refused with their count', () => {
    spec.given(activated('c', 'web_post'), used('k1', 'c'), used('k2', 'c')).when(deactivate('c', 'web_post')).thenRefused('CIRCUIT_USED_BY_CATEGORIES', { categoryCount: 2 });
  });

  it('Given the read model’s categories naming it and one recorded released since, when it is deactivated, then only the others count', () => {
    spec.given(activated('c', 'web_post'), released('k1', 'c')).when(deactivate('c', 'web_post', [], ['k1', 'k2'])).thenRefused('CIRCUIT_USED_BY_CATEGORIES', { categoryCount: 1 });
    spec.given(activated('c', 'web_post'), released('k1', 'c'), released('k2', 'c')).when(deactivate('c', 'web_post', [], ['k1', 'k2'])).then([deactivated('c', 'web_post')]);
  });

  it('Given an active circuit, when a category names it, then the use is recorded; named again, nothing is written', () => {
    spec.given(activated('c', 'web_post')).when(use('k1', ['c'])).then([used('k1', 'c')]);
    spec.given(activated('c', 'web_post'), used('k1', 'c')).when(use('k1', ['c'])).then([]);
  });

  it('Given a circuit recorded deactivated (or seeded disabled), when a category names it, then it is refused', () => {
    spec.given(activated('c', 'web_post'), deactivated('c', 'web_post')).when(use('k1', ['c'])).thenRefused('CATEGORY_CIRCUIT_INACTIVE', { circuitId: 'c' });
    spec.given().when(use('k1', ['c'], [seeded('c', 'store_drop_label', false)])).thenRefused('CATEGORY_CIRCUIT_INACTIVE');
    spec.given().when(use('k1', ['c'], [seeded('c', 'web_post', true)])).then([used('k1', 'c')]);
  });

  it('Given a category recorded using two circuits, when it releases them (unlinked, archived, deleted), then both are released once', () => {
    spec.given(used('k1', 'a', 'b')).when(release('k1', ['a', 'b'])).then([released('k1', 'a', 'b')]);
    spec.given(used('k1', 'a'), released('k1', 'a')).when(release('k1', ['a'])).then([]);
  });
});
