import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import type { CircuitConfigured, CircuitType } from '../events.js';
import { circuitDecider, CIRCUIT_TYPE_SHAPE, type CircuitCommand, type CircuitReferences } from './decide.js';
import type { CircuitEvent } from './circuit-events.js';
import { hasMarkup } from './circuit-fields.js';

const spec = deciderSpecification(circuitDecider);
const ID = 'c-1';
const anyReference: CircuitReferences = { paymentModeIds: null, shippingMethodIds: null };

function configured(circuitType: CircuitType = 'web_post', overrides: Partial<CircuitConfigured['data']> = {}): CircuitEvent {
  return {
    type: 'CircuitConfigured',
    data: {
      circuitId: ID,
      name: 'Envoi postal',
      circuitType,
      ...CIRCUIT_TYPE_SHAPE[circuitType],
      description: null,
      eligibleCountries: ['FR'],
      paymentModeIds: ['pm-1'],
      shippingMethodIds: ['sm-1'],
      status: 'enabled',
      instructions: [{ sequence: 1, type: 'protect', label: null }],
      transferOrderNumberOfCopy: null,
      customerBonusInCents: 0,
      translations: null,
      ...overrides,
    },
  };
}

const change = (changes: Record<string, unknown>, references: CircuitReferences = anyReference): CircuitCommand => ({
  type: 'ChangeCircuit',
  data: { circuitId: ID, changes, reason: null, references },
});
const activate = (reason: string | null = null): CircuitCommand => ({ type: 'ActivateCircuit', data: { circuitId: ID, reason } });
const deactivate = (): CircuitCommand => ({ type: 'DeactivateCircuit', data: { circuitId: ID, reason: 'Fin de saison' } });

describe('A circuit’s changes', () => {
  it('Given a circuit, when its instructions, bonus and a translation change, then only those fields are in the event, numbered', () => {
    spec
      .given(configured())
      .when(
        change({
          instructions: [
            { sequence: 7, type: 'protect', label: '  Emballez-le bien ' },
            { sequence: 2, type: 'post', label: '' },
          ],
          customerBonusInCents: -250,
          translations: { 'en-GB': { 'instructions.1.label': 'Wrap it well', 'instructions.9.label': 'dropped' } },
        }),
      )
      .then([
        {
          type: 'CircuitChanged',
          data: {
            circuitId: ID,
            reason: null,
            changes: {
              instructions: [
                { sequence: 1, type: 'protect', label: 'Emballez-le bien' },
                { sequence: 2, type: 'post', label: null },
              ],
              customerBonusInCents: -250,
              translations: { 'en-GB': { 'instructions.1.label': 'Wrap it well' } },
            },
          },
        },
      ]);
  });

  it('Given a circuit, when nothing changes, then nothing is written', () => {
    spec.given(configured()).when(change({ name: ' Envoi postal ', eligibleCountries: ['fr'] })).then([]);
  });

  it('Given a circuit, when seven instructions, a long label and markup are sent, then each field is named', () => {
    const seven = Array.from({ length: 7 }, () => ({ sequence: 1, type: 'none', label: null }));
    const refusal = spec.given(configured()).when(change({ instructions: seven, description: '<b>Gras</b>' })).thenRefused('CIRCUIT_INVALID');
    expect(refusal.details.fields).toEqual([
      { field: 'instructions', code: 'CIRCUIT_TOO_MANY_INSTRUCTIONS', max: 6 },
      { field: 'description', code: 'CIRCUIT_MARKUP_NOT_ALLOWED' },
    ]);
    const long = spec.given(configured()).when(change({ instructions: [{ sequence: 1, type: 'sign', label: 'x'.repeat(151) }] })).thenRefused('CIRCUIT_INVALID');
    expect(long.details.fields).toEqual([{ field: 'instructions.1.label', code: 'TEXT_LENGTH', min: 0, max: 150 }]);
  });

  it('Given a circuit, when a description of 501 characters or a translation too long is sent, then they are refused at their field', () => {
    const refusal = spec
      .given(configured())
      .when(change({ description: 'é'.repeat(501), translations: { 'de-DE': { name: 'x' } } }))
      .thenRefused('CIRCUIT_INVALID');
    expect(refusal.details.fields).toEqual([
      { field: 'description', code: 'TEXT_LENGTH', min: 0, max: 500 },
      { field: 'translations.de-DE.name', code: 'TEXT_LENGTH', min: 2, max: 255 },
    ]);
    spec.given(configured()).when(change({ description: 'é'.repeat(500) })).then([
      { type: 'CircuitChanged', data: { circuitId: ID, reason: null, changes: { description: 'é'.repeat(500) } } },
    ]);
  });

  it('Given a circuit, when a bonus is not whole, a country unknown or a mode another tenant’s, then each is refused', () => {
    const references = { paymentModeIds: new Set(['pm-1']), shippingMethodIds: new Set(['sm-1']) };
    const refusal = spec
      .given(configured())
      .when(change({ customerBonusInCents: 10.5, eligibleCountries: ['FR', 'France'], paymentModeIds: ['pm-1', 'pm-x'], transferOrderNumberOfCopy: 9 }, references))
      .thenRefused('CIRCUIT_INVALID');
    expect(refusal.details.fields).toEqual([
      { field: 'transferOrderNumberOfCopy', code: 'CIRCUIT_COPIES_INVALID', min: 1, max: 5 },
      { field: 'eligibleCountries', code: 'CIRCUIT_COUNTRY_INVALID', countries: ['FRANCE'] },
      { field: 'paymentModeIds', code: 'CIRCUIT_REFERENCE_UNKNOWN', ids: ['pm-x'] },
      { field: 'customerBonusInCents', code: 'CIRCUIT_BONUS_INVALID', min: -5_000_000, max: 5_000_000 },
    ]);
  });

  it('Given no circuit, when it is changed, then it is not found', () => {
    spec.given().when(change({ name: 'Nouveau' })).thenRefused('CIRCUIT_NOT_FOUND');
  });

  it('Given a circuit type, then its channel and deposit must be the type’s', () => {
    const wrong = configured('web_post', { channel: 'store' }).data as CircuitConfigured['data'];
    spec.given().when({ type: 'ConfigureCircuit', data: { configuration: wrong, references: anyReference } }).thenRefused('CIRCUIT_INVALID');
    spec.given(configured()).when({ type: 'ConfigureCircuit', data: { configuration: configured().data as CircuitConfigured['data'], references: anyReference } }).thenRefused('CIRCUIT_ALREADY_EXISTS');
  });
});

describe('A circuit’s activation and deactivation (the rules between circuits: activation-guard.test.ts)', () => {
  it('Given a disabled circuit, when it is activated, then it is, with why', () => {
    const { state } = spec.given(configured('store_drop', { status: 'disabled' })).when(activate('Ouverture')).then([{ type: 'CircuitActivated', data: { circuitId: ID, reason: 'Ouverture' } }]);
    expect(state?.status).toBe('enabled');
  });

  it('Given an active circuit, when activated again, then nothing is written', () => {
    spec.given(configured()).when(activate()).then([]);
  });

  it('Given an active circuit, when it is deactivated, then it is, with why; deactivated again, nothing is written', () => {
    const { state } = spec.given(configured()).when(deactivate()).then([{ type: 'CircuitDeactivated', data: { circuitId: ID, reason: 'Fin de saison' } }]);
    expect(state?.status).toBe('disabled');
    spec.given(configured('web_post', { status: 'disabled' })).when(deactivate()).then([]);
  });

  it('Given no circuit, when it is activated, then it is not found', () => {
    spec.given().when(activate()).thenRefused('CIRCUIT_NOT_FOUND');
  });
});

describe('Markup', () => {
  it.each([
    ['<b>x</b>', true],
    ['a <script>', true],
    ['&nbsp;', true],
    ['5 < 6 et 7 > 3', false],
    ['Rendez-vous à 14h', false],
  ])('%s is markup: %s', (text, expected) => {
    expect(hasMarkup(text)).toBe(expected);
  });
});
