import { describe, expect, it } from 'vitest';
import { checkForm, degreesOf, NEW_ENTITY, type EntityFormValues } from '../../ui/dashboard/features/entities/form-model.js';

/** The entity's form checks what it sends by the API's own rules (normalizeFields), each problem at its field. */

const filled = (over: Partial<EntityFormValues> = {}): EntityFormValues => ({
  ...NEW_ENTITY,
  parentOrganizationId: '3f1c9a7e-0000-4000-8000-000000000000',
  commonName: 'Magasin Nantes',
  zipCode: '44000',
  city: 'Nantes',
  ...over,
});

const problemsOf = (values: EntityFormValues) => {
  const checked = checkForm(values);
  return 'problems' in checked ? checked.problems.map((p) => `${p.field}:${p.code}`) : [];
};

describe('the entity form', () => {
  it('sends empty optional texts as null, and no coordinates without manual geocoding', () => {
    const checked = checkForm(filled({ latitude: '12', longitude: '3' }));
    expect(checked).toEqual({
      body: expect.objectContaining({ commonName: 'Magasin Nantes', corporateName: null, street: null, externalId: null, email: null, latitude: null, longitude: null, manualGeocoding: false, country: 'FR' }),
    });
  });

  it('requires a name and a parent, each at its field', () => {
    expect(problemsOf(filled({ commonName: ' ', parentOrganizationId: '' })).sort()).toEqual(['commonName:TEXT_REQUIRED', 'parentOrganizationId:ENTITY_PARENT_REQUIRED']);
  });

  it('reads coordinates typed with a comma, and refuses them out of range or missing with manual geocoding', () => {
    expect(degreesOf('47,21')).toBe(47.21);
    expect(degreesOf(' ')).toBeNull();
    expect(Number.isNaN(degreesOf('nord'))).toBe(true);
    expect(problemsOf(filled({ manualGeocoding: true, latitude: '95', longitude: '' })).sort()).toEqual(['latitude:ENTITY_LATITUDE_INVALID', 'longitude:ENTITY_COORDINATE_REQUIRED']);
    const checked = checkForm(filled({ manualGeocoding: true, latitude: '47,21', longitude: '-1.55' }));
    expect(checked).toEqual({ body: expect.objectContaining({ latitude: 47.21, longitude: -1.55, manualGeocoding: true }) });
  });

  it('refuses an external id past 45 characters and a city past 45', () => {
    expect(problemsOf(filled({ externalId: 'E'.repeat(46), city: 'C'.repeat(46) })).sort()).toEqual(['city:TEXT_LENGTH', 'externalId:TEXT_LENGTH']);
  });
});
