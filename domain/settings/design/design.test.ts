import { describe, expect, it } from 'vitest';
import { deciderSpecification, domainErrorOf } from '../../shared/test-support.js';
import { accountDecider } from '../../organizations/account/account.js';
import type { AccountOpened } from '../../organizations/events.js';
import { openedAccount } from '../../organizations/account/test-accounts.js';
import { AA_NORMAL_TEXT, checkedDesignColor, colorContrast, contrastRatio, normalisedColor, textColorOn } from './contrast.js';
import { checkedSettingsFile, sniffType } from './settings-file-rules.js';

const ACCOUNT = '7d1f3c4e-0000-4000-8000-0000000000d1';
const opened: AccountOpened = { type: 'AccountOpened', data: openedAccount(ACCOUNT, 'Design Retail') };

describe('contrast (WCAG 2.x)', () => {
  it('measures black on white as 21:1 and a colour on itself as 1:1', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFF', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#15803D', '#15803D')).toBe(1);
  });

  it('draws white on a dark colour and near black on a light one', () => {
    expect(textColorOn('#1D4ED8')).toBe('#FFFFFF');
    expect(textColorOn('#FFD700')).toBe('#111111');
  });

  it('passes a dark green with white text (5.0:1) and refuses the demo’s old green, 4.35:1 at best (near-black text)', () => {
    expect(colorContrast('#15803d')).toEqual({ color: '#15803D', text: '#FFFFFF', ratio: 5.01, passesAA: true });
    const old = colorContrast('#1F8A5B');
    expect(old.passesAA).toBe(false);
    expect(old.ratio).toBeLessThan(AA_NORMAL_TEXT);
    expect(domainErrorOf(() => checkedDesignColor('mainColor', '#1F8A5B'))).toMatchObject({ code: 'DESIGN_COLOR_CONTRAST_TOO_LOW', details: { field: 'mainColor', ratio: old.ratio, required: 4.5 } });
  });

  it('normalises #rgb to #RRGGBB and refuses what is not a hex colour', () => {
    expect(normalisedColor('#0af')).toBe('#00AAFF');
    expect(normalisedColor('green')).toBeNull();
    expect(domainErrorOf(() => checkedDesignColor('secondaryColor', 'rgb(0,0,0)')).code).toBe('DESIGN_COLOR_INVALID');
  });
});

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const ico = Uint8Array.from([0, 0, 1, 0, 1, 0, 16, 16]);
const pdf = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n');

describe('settings files: the type read from the bytes', () => {
  it('knows PNG, JPEG, ICO and PDF by their signature, and nothing else', () => {
    expect([png, jpeg, ico, pdf].map(sniffType)).toEqual(['image/png', 'image/jpeg', 'image/x-icon', 'application/pdf']);
    expect(sniffType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffType(Uint8Array.from([0, 0, 1, 0, 0, 0]))).toBeNull();
    expect(sniffType(Uint8Array.from([0x89, 0x50]))).toBeNull();
  });

  it('accepts a logo in JPG or PNG, a favicon in ICO or PNG, a PDF as pdf', () => {
    expect(checkedSettingsFile('logo', png)).toBe('image/png');
    expect(checkedSettingsFile('logo', jpeg)).toBe('image/jpeg');
    expect(checkedSettingsFile('favicon', ico)).toBe('image/x-icon');
    expect(checkedSettingsFile('pdf', pdf)).toBe('application/pdf');
  });

  it('refuses a PDF as a logo and an ICO as a logo, naming what it found', () => {
    expect(domainErrorOf(() => checkedSettingsFile('logo', pdf))).toMatchObject({ code: 'SETTINGS_FILE_TYPE_REFUSED', details: { found: 'application/pdf', accepted: 'image/jpeg, image/png' } });
    expect(domainErrorOf(() => checkedSettingsFile('logo', ico)).code).toBe('SETTINGS_FILE_TYPE_REFUSED');
    expect(domainErrorOf(() => checkedSettingsFile('pdf', png)).code).toBe('SETTINGS_FILE_TYPE_REFUSED');
  });

  it('refuses a favicon over 20 kB and a logo over 250 kB, but not at the limit', () => {
    const sized = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i < png.length ? (png[i] as number) : 0));
    expect(checkedSettingsFile('favicon', sized(20 * 1024))).toBe('image/png');
    expect(domainErrorOf(() => checkedSettingsFile('favicon', sized(20 * 1024 + 1)))).toMatchObject({ code: 'SETTINGS_FILE_TOO_LARGE', details: { maxKb: 20 } });
    expect(checkedSettingsFile('logo', sized(250 * 1024))).toBe('image/png');
    expect(domainErrorOf(() => checkedSettingsFile('logo', sized(250 * 1024 + 1))).code).toBe('SETTINGS_FILE_TOO_LARGE');
    expect(domainErrorOf(() => checkedSettingsFile('logo', new Uint8Array())).code).toBe('SETTINGS_FILE_REQUIRED');
  });
});

describe('the account’s design', () => {
  const spec = deciderSpecification(accountDecider);

  it('records only the fields that changed', () => {
    spec
      .given(opened)
      .when({ type: 'ChangeDesign', data: { accountId: ACCOUNT, changes: { mainColor: '#1F8A5B', secondaryColor: '#1D4ED8', logoFileId: 'f1' } } })
      .then([{ type: 'AccountDesignChanged', data: { accountId: ACCOUNT, changes: { secondaryColor: '#1D4ED8', logoFileId: 'f1' } } }]);
  });

  it('records nothing when nothing changed', () => {
    const changed = { type: 'AccountDesignChanged' as const, data: { accountId: ACCOUNT, changes: { secondaryColor: '#1D4ED8' } } };
    spec.given(opened, changed).when({ type: 'ChangeDesign', data: { accountId: ACCOUNT, changes: { secondaryColor: '#1D4ED8', faviconFileId: null } } }).then([]);
  });

  it('refuses the design of an account that does not exist', () => {
    spec.given().when({ type: 'ChangeDesign', data: { accountId: ACCOUNT, changes: { mainColor: '#15803D' } } }).thenRefused('ACCOUNT_NOT_FOUND');
  });
});
