/**
 * The query keys of both applications, one factory per resource of the API.
 * Every query takes its key from here, and every mutation invalidates through
 * here: a key written by hand elsewhere would be one the invalidations miss.
 * Keys nest from the resource down (`all` ▸ a kind ▸ one item ▸ what hangs
 * from it), so invalidating a prefix refreshes everything under it.
 */

/** GET /buybacks (lists), /buybacks/{id} and what hangs from one buyback. */
export const buybackKeys = {
  all: ['buybacks'] as const,
  lists: () => [...buybackKeys.all, 'list'] as const,
  list: (params: object) => [...buybackKeys.lists(), params] as const,
  detail: (id: string) => [...buybackKeys.all, 'detail', id] as const,
  /** Under the detail: a command on the buyback refreshes both. */
  history: (id: string) => [...buybackKeys.detail(id), 'history'] as const,
  /** The part of the detail the creation wizard's confirmation reads (another shape than the detail screen's), under the detail. */
  registered: (id: string) => [...buybackKeys.detail(id), 'registered'] as const,
  /** GET /buybacks/by-identification-number/{n}: one buyback by its 13-digit code (the pre-declared buybacks check). */
  byCode: (code: string) => [...buybackKeys.all, 'by-code', code] as const,
  /** GET …/{n}/is-verifiable, under the code: whether the caller can take it in hand now (a command changes the answer). */
  verifiable: (code: string) => [...buybackKeys.byCode(code), 'is-verifiable'] as const,
};

/** GET /buyback-references: names and filter choices; no buyback command changes them. */
export const buybackReferenceKeys = {
  all: ['buyback-references'] as const,
};

/** GET /me, per module (X-Module): the same user has other permissions, organization and menu in each. */
export const meKeys = {
  all: ['me'] as const,
  current: (module: string | null) => [...meKeys.all, module] as const,
};

/** GET /products and what hangs from one product (its questions, its buyback options). */
export const productKeys = {
  all: ['products'] as const,
  searches: () => [...productKeys.all, 'search'] as const,
  search: (query: object) => [...productKeys.searches(), query] as const,
  byImei: (imei: string) => [...productKeys.all, 'by-imei', imei] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
  diagnosticQuestions: (id: string) => [...productKeys.detail(id), 'diagnostic-questions'] as const,
  buybackOptions: (id: string, channel: 'store' | 'web') => [...productKeys.detail(id), 'buyback-options', channel] as const,
};

/** GET /categories/tree. */
export const categoryKeys = {
  all: ['categories'] as const,
  tree: () => [...categoryKeys.all, 'tree'] as const,
};

/** POST /estimates: read as a query (it changes nothing), one per product and set of answers. */
export const estimateKeys = {
  all: ['estimates'] as const,
  of: (productId: string, responses: object) => [...estimateKeys.all, productId, responses] as const,
};

/** GET /public/buybacks/{id}/price-proposal?token=: the customer's view of a new price. */
export const priceProposalKeys = {
  all: ['price-proposal'] as const,
  detail: (buybackId: string, token: string) => [...priceProposalKeys.all, buybackId, token] as const,
};

/** GET /password/new/{token}: whose password link it is and what for (public: the link is the key). */
export const passwordLinkKeys = {
  all: ['password-link'] as const,
  detail: (token: string) => [...passwordLinkKeys.all, token] as const,
};

/** GET /carts/{cartId}: a cart kept on the server (its devices, its buybacks once checked out); its checkout changes it. */
export const cartKeys = {
  all: ['carts'] as const,
  detail: (cartId: string) => [...cartKeys.all, 'detail', cartId] as const,
};

/** GET /buyback-settings: what a cart follows (identity document required, minimum value, most devices). */
export const buybackSettingsKeys = {
  all: ['buyback-settings'] as const,
};

/**
 * GET /items (lists), /items/{id}, /items/by-code/{code} and what hangs from
 * one item. A command on an item also moves its buyback (the process
 * manager): it invalidates `itemKeys.all` and `buybackKeys.all`.
 */
export const itemKeys = {
  all: ['items'] as const,
  lists: () => [...itemKeys.all, 'list'] as const,
  list: (params: object) => [...itemKeys.lists(), params] as const,
  detail: (id: string) => [...itemKeys.all, 'detail', id] as const,
  history: (id: string) => [...itemKeys.detail(id), 'history'] as const,
  /** POST /items/{id}/compliance-checks/preview: read as a query (it records nothing), per set of findings. */
  preview: (id: string, findings: object) => [...itemKeys.detail(id), 'preview', findings] as const,
  byCode: (code: string) => [...itemKeys.all, 'by-code', code] as const,
};

/** GET /stocks (lists) and /stocks/{id}: an item command changes their quantities. */
export const stockKeys = {
  all: ['stocks'] as const,
  lists: () => [...stockKeys.all, 'list'] as const,
  list: (params: object) => [...stockKeys.lists(), params] as const,
  detail: (id: string) => [...stockKeys.all, 'detail', id] as const,
};

/** GET /verifications (lists), /verifications/{id} and /verifications/jobs/{id}. */
export const verificationKeys = {
  all: ['verifications'] as const,
  lists: () => [...verificationKeys.all, 'list'] as const,
  list: (params: object) => [...verificationKeys.lists(), params] as const,
  detail: (id: string) => [...verificationKeys.all, 'detail', id] as const,
  /** GET /verifications/jobs/{id}: a long list's verification in the background. */
  job: (id: string) => [...verificationKeys.all, 'job', id] as const,
};

/** GET /buybacks/{id}/replay?at=|upTo=: a buyback and its item at one moment. */
export const replayKeys = {
  all: ['replay'] as const,
  of: (buybackId: string, moment: object) => [...replayKeys.all, buybackId, moment] as const,
};

/** GET /transports (lists) and /transports/{id}: a label retried changes both. */
export const transportKeys = {
  all: ['transports'] as const,
  lists: () => [...transportKeys.all, 'list'] as const,
  list: (params: object) => [...transportKeys.lists(), params] as const,
  detail: (id: string) => [...transportKeys.all, 'detail', id] as const,
};

/**
 * GET /warehouse-dispatch-rules (the rules in order), /warehouse-dispatch-rules/{id}
 * and /warehouse-dispatch-settings: one revision for them all, so every rule
 * command invalidates `dispatchRuleKeys.all`.
 */
export const dispatchRuleKeys = {
  all: ['warehouse-dispatch'] as const,
  lists: () => [...dispatchRuleKeys.all, 'list'] as const,
  detail: (id: string) => [...dispatchRuleKeys.all, 'detail', id] as const,
  settings: () => [...dispatchRuleKeys.all, 'settings'] as const,
};

/** GET /buybacks/{id}/instructions: what to do with the parcel (the circuit's, public). */
export const instructionKeys = {
  all: ['instructions'] as const,
  of: (buybackId: string) => [...instructionKeys.all, buybackId] as const,
};

/**
 * GET /packages (lists) and /packages/{id}. A command on a package also moves
 * its buybacks: it invalidates `packageKeys.all`, `expeditionKeys.all` and
 * `buybackKeys.all`.
 */
export const packageKeys = {
  all: ['packages'] as const,
  lists: () => [...packageKeys.all, 'list'] as const,
  list: (params: object) => [...packageKeys.lists(), params] as const,
  detail: (id: string) => [...packageKeys.all, 'detail', id] as const,
};

/** GET /expedition/buybacks: the store's devices waiting to leave (a package command changes it). */
export const expeditionKeys = {
  all: ['expedition'] as const,
  lists: () => [...expeditionKeys.all, 'list'] as const,
  list: (params: object) => [...expeditionKeys.lists(), params] as const,
};

/** GET /platform/support: the support page's overview (a rebuild started from it changes it). */
export const supportKeys = {
  all: ['support'] as const,
  overview: () => [...supportKeys.all, 'overview'] as const,
};

/**
 * GET /payments (the payment search), /payments/{id}. A command on a payment
 * (relaunch, mark as paid) changes its detail, the search and its buyback's
 * payment block: it invalidates `paymentKeys.all` and `buybackKeys.all`.
 */
export const paymentKeys = {
  all: ['payments'] as const,
  lists: () => [...paymentKeys.all, 'list'] as const,
  list: (params: object) => [...paymentKeys.lists(), params] as const,
  detail: (id: string) => [...paymentKeys.all, 'detail', id] as const,
};

/**
 * GET /payment-modes, /payment-modes/{id}. A change of a mode changes the
 * buyback path's options and estimates too: its mutations invalidate
 * `paymentModeKeys.all`, `productKeys.all` and `estimateKeys.all`.
 */
export const paymentModeKeys = {
  all: ['payment-modes'] as const,
  lists: () => [...paymentModeKeys.all, 'list'] as const,
  list: (params: object) => [...paymentModeKeys.lists(), params] as const,
  detail: (id: string) => [...paymentModeKeys.all, 'detail', id] as const,
};

/** GET /organizations (lists), /organizations/tree, /organizations/available-parents, /organizations/{id} and its history: an entity's change refreshes them all. */
export const organizationKeys = {
  all: ['organizations'] as const,
  lists: () => [...organizationKeys.all, 'list'] as const,
  list: (params: object) => [...organizationKeys.lists(), params] as const,
  tree: () => [...organizationKeys.all, 'tree'] as const,
  parents: (type: string, organizationId: string | null) => [...organizationKeys.all, 'available-parents', type, organizationId] as const,
  buyers: () => [...organizationKeys.all, 'buyers'] as const,
  detail: (id: string) => [...organizationKeys.all, 'detail', id] as const,
  history: (id: string) => [...organizationKeys.detail(id), 'history'] as const,
};

/** GET /organizations/{id}/sso-configuration and its history: a save refreshes both. */
export const ssoKeys = {
  all: ['sso-configuration'] as const,
  detail: (organizationId: string) => [...ssoKeys.all, organizationId] as const,
  history: (organizationId: string) => [...ssoKeys.detail(organizationId), 'history'] as const,
};

/** GET /users/imports/{id}: a users import and a page of its rows (`one` for all of its pages). */
export const userImportKeys = {
  all: ['user-imports'] as const,
  one: (id: string) => [...userImportKeys.all, id] as const,
  detail: (id: string, page: object) => [...userImportKeys.one(id), page] as const,
};
