import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_TEXT_FILE, browserTexts } from '../../ui/build/api-texts.js';
import { mergeTexts } from '../../ui/shared/i18n/merge-texts.js';
import { namespaceOf } from '../../ui/shared/i18n/namespaces.js';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('Given the API texts of the core and of each part', () => {
  it('Then each is the api namespace, in its language', () => {
    expect(namespaceOf('../../../infrastructure/http/locales/nl-BE.json')).toEqual({ namespace: 'api', language: 'nl-BE' });
    expect(namespaceOf('/work/main/infrastructure/modules/buybacks/locales/de-DE.json')).toEqual({ namespace: 'api', language: 'de-DE' });
    expect(namespaceOf('@server/infrastructure/modules/catalog/locales/fr-FR.json')).toEqual({ namespace: 'api', language: 'fr-FR' });
    expect(namespaceOf('/dashboard/features/buybacks/locales/fr-FR.json')).toEqual({ namespace: 'buybacks', language: 'fr-FR' });
  });

  it('When several fill the namespace, then their errors are merged, not replaced, and no file is changed', () => {
    const core = JSON.parse(browserTexts('/x/infrastructure/http/locales/fr-FR.json', read('infrastructure/http/locales/fr-FR.json')));
    const buybacks = JSON.parse(browserTexts('/x/infrastructure/modules/buybacks/locales/fr-FR.json', read('infrastructure/modules/buybacks/locales/fr-FR.json')));
    const coreCodes = Object.keys(core.errors);
    const merged = [core, buybacks].reduce((texts, file) => mergeTexts(texts, file), {});
    expect(merged.errors.VALIDATION_FAILED).toBe(core.errors.VALIDATION_FAILED);
    expect(merged.errors.PRICE_PROPOSAL_NOT_FOUND).toBe("Cette proposition de prix est introuvable ou le lien n'est plus valide.");
    expect(Object.keys(core.errors)).toEqual(coreCodes);
    expect(core.errors.PRICE_PROPOSAL_NOT_FOUND).toBeUndefined();
  });

  it('When bundled for the browser, then only the error messages and the shared words are kept (no e-mail, no export caption, no field nor menu label)', () => {
    const path = '/repo/infrastructure/modules/buybacks/locales/en-GB.json';
    expect(API_TEXT_FILE.test(path)).toBe(true);
    const bundled = JSON.parse(browserTexts(path, read('infrastructure/modules/buybacks/locales/en-GB.json')));
    expect(Object.keys(bundled).sort()).toEqual(['delivery', 'errors']);
    expect(bundled.errors.BUYBACK_NOT_FOUND).toBeTruthy();
    expect(bundled.delivery.statuses.DELIVERED_OK).toBe('Delivered');
    const warehouse = JSON.parse(browserTexts('/repo/infrastructure/modules/warehouse/locales/de-DE.json', read('infrastructure/modules/warehouse/locales/de-DE.json')));
    expect(Object.keys(warehouse).sort()).toEqual(['errors', 'items', 'stocks']);
    expect(warehouse.items.statuses.item_in_quarantine).toBe('In Quarantäne');
    expect(warehouse.stocks.native.to_refurbish).toBeTruthy();
    // The apps' own texts pass as they are.
    const app = read('ui/dashboard/app/locales/en-GB.json');
    expect(browserTexts('/repo/ui/dashboard/app/locales/en-GB.json', app)).toBe(app);
  });
});
