import { describe, expect, it } from 'vitest';
import type { StreamCategory } from '../../application/events/streams.js';
import { CATALOG_STREAMS } from '../../application/catalog/streams.js';
import { ORGANIZATION_STREAMS } from '../../application/organizations/streams.js';
import { estimate, type QuestionRule } from '../../domain/catalog/estimate.js';
import type {
  CategoryCreated,
  CircuitConfigured,
  DiagnosticQuestionCreated,
  PaymentModeConfigured,
  ProductCreated,
  ShippingMethodConfigured,
} from '../../domain/catalog/events.js';
import type { AccountOpened, OrganizationRegistered, UserRegistered } from '../../domain/organizations/events.js';
import { isGs1Valid } from '../../domain/values/gtin.js';
import type { DispatchRuleEvent } from '../../domain/logistics/dispatch/events.js';
import { LOGISTICS_STREAMS } from '../../application/logistics/streams.js';
import { REFURBISHMENT_STREAMS } from '../../application/refurbishment/streams.js';
import { DEMO_IDS, DEMO_LOGINS, DEMO_PASSWORD, demoData, seedId } from './demo-data.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type SeedEvent =
  | AccountOpened
  | OrganizationRegistered
  | UserRegistered
  | CategoryCreated
  | ProductCreated
  | DiagnosticQuestionCreated
  | CircuitConfigured
  | (ShippingMethodConfigured & { data: { paymentModeIds?: string[] } })
  | PaymentModeConfigured;

const allStreams = demoData({ passwordHash: '$argon2id$test-hash' });
/** The aggregates' creation events; an account's dispatch rules (several events on one stream) are checked on their own below. */
// The workshop's definitions (and their names' reservations) are checked by the refurbishment's own tests (tests/api/demo-activity.test.ts, refurb-definitions).
const isWorkshop = (name: string) => Object.values(REFURBISHMENT_STREAMS).some((category) => category.owns(name));
const streams = allStreams.filter((stream) => !LOGISTICS_STREAMS.dispatchRules.owns(stream.streamName) && !isWorkshop(stream.streamName));
const dispatchStreams = allStreams.filter((stream) => LOGISTICS_STREAMS.dispatchRules.owns(stream.streamName));
const events = streams.map((stream) => stream.events[0] as SeedEvent);
const ofType = <T extends SeedEvent['type']>(type: T) =>
  events.filter((event): event is Extract<SeedEvent, { type: T }> => event.type === type);

const accountOf = new Map<string, string>();
for (const stream of streams) accountOf.set(aggregate(stream.events[0] as SeedEvent).id, stream.accountId);

function aggregate(event: SeedEvent): { stream: StreamCategory; id: string } {
  switch (event.type) {
    case 'AccountOpened':
      return { stream: ORGANIZATION_STREAMS.account, id: event.data.accountId };
    case 'OrganizationRegistered':
      return { stream: ORGANIZATION_STREAMS.organization, id: event.data.organizationId };
    case 'UserRegistered':
      return { stream: ORGANIZATION_STREAMS.user, id: event.data.userId };
    case 'CategoryCreated':
      return { stream: CATALOG_STREAMS.category, id: event.data.categoryId };
    case 'ProductCreated':
      return { stream: CATALOG_STREAMS.product, id: event.data.productId };
    case 'DiagnosticQuestionCreated':
      return { stream: CATALOG_STREAMS.diagnosticQuestion, id: event.data.questionId };
    case 'CircuitConfigured':
      return { stream: CATALOG_STREAMS.circuit, id: event.data.circuitId };
    case 'ShippingMethodConfigured':
      return { stream: CATALOG_STREAMS.shippingMethod, id: event.data.shippingMethodId };
    case 'PaymentModeConfigured':
      return { stream: CATALOG_STREAMS.paymentMode, id: event.data.paymentModeId };
  }
}

/** Aggregates an event points at, which must be written before it. */
function references(event: SeedEvent): string[] {
  switch (event.type) {
    case 'AccountOpened':
      return []; // webOrganizationId names the root organization, registered right after the account.
    case 'OrganizationRegistered':
      return [event.data.accountId, ...(event.data.parentOrganizationId ? [event.data.parentOrganizationId] : [])];
    case 'UserRegistered':
      return [
        ...(event.data.accountId ? [event.data.accountId] : []),
        ...Object.values(event.data.modules).map((module) => module.organizationId),
      ];
    case 'CategoryCreated':
      return [
        ...(event.data.parentId ? [event.data.parentId] : []),
        event.data.buyerId,
        ...event.data.referentWarehouseIds,
        ...event.data.circuitIds,
      ];
    case 'ProductCreated':
    case 'DiagnosticQuestionCreated':
      return [event.data.categoryId];
    case 'CircuitConfigured':
      return [...event.data.paymentModeIds, ...event.data.shippingMethodIds];
    case 'ShippingMethodConfigured':
      return event.data.paymentModeIds ?? [];
    case 'PaymentModeConfigured':
      return [];
  }
}

const categories = new Map(ofType('CategoryCreated').map((event) => [event.data.categoryId, event.data]));
const organizations = new Map(ofType('OrganizationRegistered').map((event) => [event.data.organizationId, event.data]));
const questions = ofType('DiagnosticQuestionCreated').map((event) => event.data);
const products = ofType('ProductCreated').map((event) => event.data);
const productsOf = (accountId: string) => products.filter((product) => accountOf.get(product.productId) === accountId);

/** The questions a product of the category answers: ancestors' first (root first), each category's by position. */
function inheritedQuestions(categoryId: string): DiagnosticQuestionCreated['data'][] {
  const chain: string[] = [];
  for (let id: string | null = categoryId; id !== null; id = categories.get(id)?.parentId ?? null) {
    if (chain.includes(id)) throw new Error(`Category cycle at ${id}`);
    chain.unshift(id);
  }
  return chain.flatMap((id) =>
    questions.filter((question) => question.categoryId === id).sort((a, b) => a.position - b.position),
  );
}

/** Independent GS1 mod-10 check for EAN-13. */
function ean13Valid(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((acc, digit, i) => acc + digit * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
}

describe('demo data', () => {
  it('is deterministic and uses the given password hash', () => {
    expect(demoData({ passwordHash: '$argon2id$test-hash' })).toEqual(allStreams);
    for (const user of ofType('UserRegistered')) {
      // A force-SSO user has no password: only the identity provider signs them in.
      expect(user.data.passwordHash).toBe(user.data.forceSso ? null : '$argon2id$test-hash');
      expect(user.data.status).toBe('active');
      expect(user.data.locale).toBe('fr-FR');
    }
    expect(DEMO_PASSWORD).toBe('Demo2026!');
    expect(seedId('x')).toBe(seedId('x'));
    expect(seedId('x')).not.toBe(seedId('y'));
  });

  it('holds one creation event per stream (first; a few streams have later changes: an archived category), named after its aggregate, with unique names', () => {
    const creations = ['AccountOpened', 'OrganizationRegistered', 'UserRegistered', 'CategoryCreated', 'ProductCreated', 'DiagnosticQuestionCreated', 'CircuitConfigured', 'ShippingMethodConfigured', 'PaymentModeConfigured'];
    for (const stream of streams) {
      expect(stream.events.length).toBeGreaterThanOrEqual(1);
      expect(stream.events.slice(1).filter((event) => creations.includes(event.type))).toEqual([]);
      const { stream: category, id } = aggregate(stream.events[0] as SeedEvent);
      expect(stream.streamName).toBe(category.name(id));
    }
    const names = streams.map((stream) => stream.streamName);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => name.startsWith('diagnostic_question-')).length).toBeGreaterThan(10);
  });

  it('gives every aggregate and answer a unique UUID-v4-formatted id', () => {
    const aggregateIds = events.map((event) => aggregate(event).id);
    const answerIds = questions.flatMap((question) => question.answers.map((answer) => answer.id));
    const all = [...aggregateIds, ...answerIds];
    for (const id of all) expect(id).toMatch(UUID_V4);
    expect(new Set(all).size).toBe(all.length);
  });

  it('writes parents before children, all inside the same tenant', () => {
    const seen = new Set<string>();
    for (const stream of streams) {
      const event = stream.events[0] as SeedEvent;
      for (const ref of references(event)) {
        expect(seen.has(ref), `${stream.streamName} refers to ${ref} before it exists`).toBe(true);
        if (stream.accountId !== 'platform') expect(accountOf.get(ref)).toBe(stream.accountId);
      }
      const id = aggregate(event).id;
      // The account's stream and the root organization's own stream name the root before it is written.
      if (stream.organizationId !== null && event.type !== 'AccountOpened' && id !== stream.organizationId) {
        expect(seen.has(stream.organizationId)).toBe(true);
      }
      seen.add(id);
    }
  });

  it('tags each stream with its account and root organization', () => {
    for (const stream of streams) {
      const event = stream.events[0] as SeedEvent;
      if (stream.accountId === 'platform') {
        expect(event.type).toBe('UserRegistered');
        expect(stream.organizationId).toBeNull();
        continue;
      }
      expect([DEMO_IDS.accounts.demo, DEMO_IDS.accounts.other]).toContain(stream.accountId);
      const root = stream.accountId === DEMO_IDS.accounts.demo ? DEMO_IDS.organizations.demoRoot : DEMO_IDS.organizations.otherRoot;
      expect(stream.organizationId).toBe(root);
    }
  });

  it('opens both accounts with the required settings', () => {
    const accounts = new Map(ofType('AccountOpened').map((event) => [event.data.accountId, event.data]));
    const demo = accounts.get(DEMO_IDS.accounts.demo);
    expect(demo).toMatchObject({
      name: 'Demo Retail',
      companyCountry: 'FR',
      language: 'fr-FR',
      currency: 'EUR',
      webOrganizationId: DEMO_IDS.organizations.demoRoot,
      settings: {
        customerIdentityDocumentRequired: true,
        cartMinValueInCents: 0,
        categoryNavigationEnabled: true,
        warehouseCheckinRequirement: 'optional',
        enabledPremiumFeatures: ['imei_search_and_collect', 'absorption', 'multi_product_cart', 'payment_bonus', 'refurb_steps', 'refurb_diagnosis', 'advanced_stocks', 'scan_searchbar', 'sftp_access'],
      },
      whiteLabel: {
        externalWebsiteLink: { url: 'https://www.demo-retail.example', text: 'Retour au site Demo Retail' },
        dropOffLocationsMapEnabled: false,
      },
    });
    const other = accounts.get(DEMO_IDS.accounts.other);
    expect(other?.name).toBe('Other Retail');
    expect(other?.settings.customerIdentityDocumentRequired).toBe(false);
    expect(other?.mainColor).not.toBe(demo?.mainColor);
    expect(organizations.get(other?.webOrganizationId ?? '')?.type).toBe('root_management_unit');
  });

  it('registers the organizations with consistent types, modules and parents', () => {
    const expected: Array<[string, string | null, string, string]> = [
      [DEMO_IDS.organizations.demoRoot, 'Demo Retail', 'root_management_unit', 'root'],
      [DEMO_IDS.organizations.demoFrance, 'Demo Retail France', 'management_unit', 'root'],
      [DEMO_IDS.stores.paris, 'Demo Store Paris', 'store', 'tim'],
      [DEMO_IDS.stores.lyon, 'Demo Store Lyon', 'store', 'tim'],
      [DEMO_IDS.warehouses.demo, 'Demo Warehouse Orléans', 'warehouse', 'rps'],
      [DEMO_IDS.buyers.demo, 'Demo Buyer Refurb', 'buyer', 'lcm'],
      [DEMO_IDS.organizations.demoOuest, 'Demo Retail Grand Ouest', 'management_unit', 'root'],
      [DEMO_IDS.stores.nantes, 'Demo Store Nantes', 'store', 'tim'],
      [DEMO_IDS.stores.rennes, 'Demo Store Rennes', 'store', 'tim'],
      [DEMO_IDS.stores.bordeaux, 'Demo Store Bordeaux', 'store', 'tim'],
      [DEMO_IDS.buyers.demoRecycle, 'Demo Buyer Recyclage', 'buyer', 'lcm'],
      [DEMO_IDS.stores.lille, 'Other Store Lille', 'store', 'tim'],
      [DEMO_IDS.warehouses.other, null, 'warehouse', 'rps'],
      [DEMO_IDS.buyers.other, null, 'buyer', 'lcm'],
    ];
    for (const [id, commonName, type, moduleType] of expected) {
      expect(organizations.get(id)).toMatchObject({ type, moduleType, status: 'active' });
      if (commonName !== null) expect(organizations.get(id)?.commonName).toBe(commonName);
    }
    for (const organization of organizations.values()) {
      const parent = organization.parentOrganizationId ? organizations.get(organization.parentOrganizationId) : undefined;
      if (organization.type === 'root_management_unit') expect(organization.parentOrganizationId).toBeNull();
      if (organization.type === 'store' || organization.type === 'management_unit') {
        expect(['management_unit', 'root_management_unit']).toContain(parent?.type);
      }
      if (organization.type === 'store') expect(parent?.type).toBe('management_unit');
    }
  });

  it("gives every user's module an existing organization of that module type", () => {
    for (const user of ofType('UserRegistered')) {
      for (const [module, assignment] of Object.entries(user.data.modules)) {
        const organization = organizations.get(assignment.organizationId);
        expect(organization, `${user.data.email} ${module}`).toBeDefined();
        expect(organization?.moduleType).toBe(module);
        expect(organization?.accountId).toBe(user.data.accountId);
      }
    }
    const byEmail = new Map(ofType('UserRegistered').map((event) => [event.data.email, event.data]));
    expect(byEmail.get('admin@demo.test')).toMatchObject({ adminType: 'super_admin', accountId: null, modules: {} });
    expect(byEmail.get('retailer@demo.test')?.modules).toEqual({
      root: { userType: 'root_management_unit_manager', organizationId: DEMO_IDS.organizations.demoRoot },
      tim: { userType: 'store_manager', organizationId: DEMO_IDS.stores.paris },
    });
    expect(byEmail.get('seller@other.test')?.modules.tim?.organizationId).toBe(DEMO_IDS.stores.lille);
  });

  it('lists the original nine demo logins and a few of the tree, the SSO user among them', () => {
    expect(DEMO_LOGINS.map((login) => login.email).sort()).toEqual(
      [
        'admin@demo.test',
        'retailer@demo.test',
        'manager@demo.test',
        'seller@demo.test',
        'warehouse@demo.test',
        'warehouse-manager@demo.test',
        'buyer@demo.test',
        'seller@other.test',
        'warehouse@other.test',
        'analyst@demo.test',
        'france-manager@demo.test',
        'ouest-manager@demo.test',
        'nantes-manager@demo.test',
        'nantes-seller@demo.test',
        'lyon-warehouse-manager@demo.test',
        'recycle-buyer@demo.test',
        'sso.user@sso.demo.test',
      ].sort(),
    );
    const emails = new Set(ofType('UserRegistered').map((event) => event.data.email));
    for (const login of DEMO_LOGINS) {
      expect(emails.has(login.email)).toBe(true);
      expect(login.role.length).toBeGreaterThan(0);
      expect(login.description.length).toBeGreaterThan(0);
    }
  });

  it('configures payment modes, shipping methods and circuits per account', () => {
    for (const accountId of [DEMO_IDS.accounts.demo, DEMO_IDS.accounts.other]) {
      const modes = ofType('PaymentModeConfigured').filter((event) => accountOf.get(event.data.paymentModeId) === accountId);
      expect(modes.map((event) => event.data.paymentType).sort()).toEqual(['bank_transfer', 'gift_card', 'voucher']);
    }
    const demoShipping = ofType('ShippingMethodConfigured').filter(
      (event) => accountOf.get(event.data.shippingMethodId) === DEMO_IDS.accounts.demo,
    );
    expect(demoShipping.map((event) => `${event.data.channel}:${event.data.shippingType}`).sort()).toEqual(
      ['store:store_drop', 'web:drop_off_point', 'web:home_collect', 'web:postal', 'web:store_drop'].sort(),
    );
    for (const method of ofType('ShippingMethodConfigured')) {
      expect(method.data.availableCountries).toEqual(['FR', 'BE']);
      expect(method.data.paymentModeIds?.length).toBeGreaterThan(0);
    }
    const demoCircuits = ofType('CircuitConfigured').filter((event) => accountOf.get(event.data.circuitId) === DEMO_IDS.accounts.demo);
    expect(demoCircuits.map((event) => event.data.circuitType).sort()).toEqual(
      ['store_collect', 'store_drop', 'store_drop_label', 'web_collect', 'web_drop', 'web_drop_label', 'web_post'].sort(),
    );
    for (const circuit of ofType('CircuitConfigured')) {
      // Every type is there; the store's labelled one is seeded disabled, for a manager to switch on.
      expect(circuit.data.status).toBe(circuit.data.circuitType === 'store_drop_label' ? 'disabled' : 'enabled');
      expect(circuit.data.eligibleCountries).toEqual(['FR', 'BE']);
      expect(circuit.data.circuitType).toBe(`${circuit.data.channel}_${circuit.data.deposit}`);
      expect(circuit.data.paymentModeIds.length).toBeGreaterThan(0);
      expect(circuit.data.shippingMethodIds.length).toBeGreaterThan(0);
    }
    for (const circuit of ofType('CircuitConfigured').filter((c) => c.data.channel === 'store')) {
      expect(['store_drop', 'store_collect', 'store_drop_label']).toContain(circuit.data.circuitType);
    }
    // Each circuit says what to do with the parcel, in order (at most 6 steps).
    for (const circuit of ofType('CircuitConfigured')) {
      expect(circuit.data.instructions.length).toBeGreaterThan(0);
      expect(circuit.data.instructions.length).toBeLessThanOrEqual(6);
      expect(circuit.data.instructions.map((i) => i.sequence)).toEqual(circuit.data.instructions.map((_, index) => index + 1));
    }
    expect(DEMO_IDS.circuits.demo.web_drop).toMatch(UUID_V4);
    expect(DEMO_IDS.paymentModes.other.voucher).toMatch(UUID_V4);
  });

  it('builds category trees with unique identifiers, buyers, warehouses and circuits of the account', () => {
    for (const accountId of [DEMO_IDS.accounts.demo, DEMO_IDS.accounts.other]) {
      const own = [...categories.values()].filter((category) => accountOf.get(category.categoryId) === accountId);
      expect(own.filter((category) => category.parentId === null)).toHaveLength(1);
      const identifiers = own.map((category) => category.identifier);
      expect(new Set(identifiers).size).toBe(identifiers.length);
      const circuitIds = ofType('CircuitConfigured')
        .filter((event) => accountOf.get(event.data.circuitId) === accountId)
        .map((event) => event.data.circuitId)
        .sort();
      for (const category of own) {
        expect(category.identifier).toMatch(/^[0-9a-z_-]{2,255}$/);
        expect(category.label.length).toBeGreaterThanOrEqual(2);
        expect(organizations.get(category.buyerId)?.type).toBe('buyer');
        for (const warehouseId of category.referentWarehouseIds) expect(organizations.get(warehouseId)?.type).toBe('warehouse');
        // Circuits of the account only; game consoles name their own (collected from the stores), the others every other one
        // but the two a category must name (store collection, and the store's drop with a label, seeded disabled).
        for (const circuitId of category.circuitIds) expect(circuitIds).toContain(circuitId);
        if (category.categoryId !== DEMO_IDS.categories.consoles) {
          const namedOnly: string[] = [DEMO_IDS.circuits.demo.store_collect, DEMO_IDS.circuits.demo.store_drop_label];
          expect([...category.circuitIds].sort()).toEqual(circuitIds.filter((id) => !namedOnly.includes(id)));
        }
      }
    }
    expect(categories.get(DEMO_IDS.categories.smartphones)?.absorption).toEqual({
      type: 'percentage_of_declared_price',
      value: 10,
      maxAbsorbedAmountInCents: 2000,
    });
    expect(categories.get(DEMO_IDS.categories.appleIphone)?.parentId).toBe(DEMO_IDS.categories.smartphones);
    expect(categories.get(DEMO_IDS.categories.consoles)?.circuitIds).toContain(DEMO_IDS.circuits.demo.store_collect);
    expect(categories.get(DEMO_IDS.categories.consoles)?.circuitIds).not.toContain(DEMO_IDS.circuits.demo.store_drop);
  });

  it('gives every question at least two answers with valid titles and unique positions per category', () => {
    const positions = new Set<string>();
    for (const question of questions) {
      expect(categories.has(question.categoryId)).toBe(true);
      expect(question.title.length).toBeGreaterThanOrEqual(2);
      expect(question.title.length).toBeLessThanOrEqual(255);
      expect(question.answers.length).toBeGreaterThanOrEqual(2);
      const answerIds = question.answers.map((answer) => answer.id);
      expect(new Set(answerIds).size).toBe(answerIds.length);
      for (const answer of question.answers) {
        expect(answer.title.length).toBeGreaterThanOrEqual(2);
        expect(answer.title.length).toBeLessThanOrEqual(255);
      }
      expect(question.answers.some((answer) => !answer.blocksEstimate)).toBe(true);
      const key = `${question.categoryId}:${question.position}`;
      expect(positions.has(key)).toBe(false);
      positions.add(key);
    }
    const general = inheritedQuestions(DEMO_IDS.categories.appleIphone).map((question) => question.questionId);
    expect(general.slice(0, 3)).toEqual([
      DEMO_IDS.questions.powerOn,
      DEMO_IDS.questions.appearance,
      DEMO_IDS.questions.accessories,
    ]);
    expect(general).toContain(DEMO_IDS.questions.smartphoneAccountLock);
  });

  it('has a few hundred Demo Retail products (some in draft) and a small Other Retail catalogue', () => {
    const demo = productsOf(DEMO_IDS.accounts.demo);
    expect(demo.length).toBeGreaterThanOrEqual(250);
    expect(demo.length).toBeLessThanOrEqual(500);
    const drafts = demo.filter((product) => product.status === 'draft').length;
    expect(drafts).toBeGreaterThanOrEqual(2);
    expect(drafts).toBeLessThan(demo.length / 10);
    const simple = demo.filter((product) => product.simple).length;
    expect(simple).toBeGreaterThanOrEqual(2);
    expect(simple).toBeLessThanOrEqual(3);
    const other = productsOf(DEMO_IDS.accounts.other);
    expect(other.length).toBeGreaterThanOrEqual(3);
    expect(other.length).toBeLessThanOrEqual(5);
    for (const id of Object.values(DEMO_IDS.products)) expect(products.some((product) => product.productId === id)).toBe(true);
  });

  it('gives every product a category, a valid EAN-13, 8-digit TACs and coherent prices', () => {
    for (const product of products) {
      expect(categories.has(product.categoryId), product.label).toBe(true);
      expect(accountOf.get(product.categoryId)).toBe(accountOf.get(product.productId));
      expect(product.ean, product.label).not.toBeNull();
      expect(ean13Valid(product.ean ?? ''), `${product.label} ${product.ean}`).toBe(true);
      expect(isGs1Valid(product.ean ?? '')).toBe(true);
      for (const tac of product.tacCodes) expect(tac).toMatch(/^\d{8}$/);
      if (product.isCollectingImei) {
        expect(product.tacCodes.length).toBeGreaterThanOrEqual(1);
        expect(product.tacCodes.length).toBeLessThanOrEqual(2);
      }
      expect(product.currency).toBe('EUR');
      expect(product.label.length).toBeGreaterThanOrEqual(2);
      expect(product.label.length).toBeLessThanOrEqual(255);
      for (const price of Object.values(product.prices)) {
        if (price !== null) expect(Number.isSafeInteger(price) && price >= 0).toBe(true);
      }
      if (product.simple) {
        expect(product.prices.functional).toBeGreaterThan(0);
      } else {
        const graded = [product.prices.grade_a, product.prices.grade_b, product.prices.grade_c, product.prices.grade_d];
        for (const price of graded) expect(price).not.toBeNull();
        const defined = [...graded, product.prices.grade_e].filter((price): price is number => price !== null);
        for (let i = 1; i < defined.length; i++) expect(defined[i]).toBeLessThan(defined[i - 1] as number);
      }
    }
    for (const accountId of [DEMO_IDS.accounts.demo, DEMO_IDS.accounts.other]) {
      const tacs = productsOf(accountId).flatMap((product) => product.tacCodes);
      expect(new Set(tacs).size).toBe(tacs.length);
      const eans = productsOf(accountId).map((product) => product.ean);
      expect(new Set(eans).size).toBe(eans.length);
    }
    const phones = productsOf(DEMO_IDS.accounts.demo).filter((product) =>
      inheritedQuestions(product.categoryId).some((q) => q.categoryId === DEMO_IDS.categories.smartphones),
    );
    for (const phone of phones) expect(phone.isCollectingImei).toBe(true);
    expect(products.find((product) => product.productId === DEMO_IDS.products.iphone15_128)?.prices.grade_a).toBe(42000);
    expect(productsOf(DEMO_IDS.accounts.demo).some((product) => !product.simple && product.prices.grade_e === null)).toBe(true);
  });

  it('estimates every product with the first non-blocking answer of each inherited question', () => {
    for (const product of products) {
      const inherited = inheritedQuestions(product.categoryId);
      expect(inherited.length, product.label).toBeGreaterThan(0);
      const rules: QuestionRule[] = inherited.map((question) => ({
        id: question.questionId,
        type: question.type,
        answers: question.answers,
      }));
      const responses = inherited.map((question) => {
        const answer = question.answers.find((a) => !a.blocksEstimate);
        if (!answer) throw new Error(`${question.title} has no non-blocking answer`);
        return { questionId: question.questionId, answerIds: [answer.id] };
      });
      const result = estimate({ ...product, id: product.productId }, rules, responses);
      expect(result.grade, product.label).toBe(product.simple ? 'functional' : 'grade_a');
      expect(result.price.amountInCents).toBeGreaterThan(0);
    }
  });

  it('refuses an estimate when the device is locked to an account', () => {
    const iphone = products.find((product) => product.productId === DEMO_IDS.products.iphone15_128);
    if (!iphone) throw new Error('iPhone 15 missing');
    const inherited = inheritedQuestions(iphone.categoryId);
    const responses = inherited.map((question) => {
      const answer =
        question.questionId === DEMO_IDS.questions.smartphoneAccountLock
          ? question.answers.find((a) => a.blocksEstimate)
          : question.answers.find((a) => !a.blocksEstimate);
      return { questionId: question.questionId, answerIds: [answer?.id ?? ''] };
    });
    const rules = inherited.map((question) => ({ id: question.questionId, type: question.type, answers: question.answers }));
    expect(() => estimate({ ...iphone, id: iphone.productId }, rules, responses)).toThrow('ESTIMATE_NOT_POSSIBLE');
  });

  it('gives each account its dispatch rules: a default warehouse of its own, then rules naming only its warehouses, categories and circuits', () => {
    expect(dispatchStreams.map((stream) => stream.accountId).sort()).toEqual([DEMO_IDS.accounts.demo, DEMO_IDS.accounts.other].sort());
    for (const stream of dispatchStreams) {
      expect(stream.streamName).toBe(LOGISTICS_STREAMS.dispatchRules.name(stream.accountId));
      const [first, ...rules] = stream.events as DispatchRuleEvent[];
      expect(first?.type).toBe('DefaultWarehouseChosen');
      const own = (id: string) => accountOf.get(id) === stream.accountId;
      if (first?.type === 'DefaultWarehouseChosen') expect(own(first.data.warehouseId as string)).toBe(true);
      for (const rule of rules) {
        if (rule.type !== 'DispatchRuleCreated') throw new Error(`unexpected ${rule.type}`);
        for (const warehouseId of rule.data.warehouseIds) expect(organizations.get(warehouseId)?.type, rule.data.title).toBe('warehouse');
        for (const condition of rule.data.conditions) {
          if (condition.attribute === 'category' || condition.attribute === 'circuit') for (const value of condition.values) expect(own(value), value).toBe(true);
        }
      }
    }
    expect(dispatchStreams.find((stream) => stream.accountId === DEMO_IDS.accounts.demo)?.events.filter((event) => event.type === 'DispatchRuleCreated')).toHaveLength(3);
  });

  it('names only aggregates that exist in DEMO_IDS', () => {
    const known = new Set(events.map((event) => aggregate(event).id));
    for (const id of allStrings(DEMO_IDS)) expect(known.has(id), id).toBe(true);
  });
});
