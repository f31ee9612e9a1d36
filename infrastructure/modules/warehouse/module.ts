import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { Texts } from '../../../application/ports/texts.js';
import type { JobQueue } from '../../../application/jobs/job-queue.js';
import { PLATFORM_STAFF, ROOT_USERS, WAREHOUSE_USERS } from '../../../application/organizations/permissions.js';
import { isPlatformStaff } from '../../../application/organizations/principal.js';
import type { BuybackCompanion, RegistrationCompanion } from '../../../application/buybacks/registration-companions.js';
import type { IdGenerator } from '../../../application/ports/clock.js';
import { itemCompanion } from '../../../application/warehouse/buyback-item-pair.js';
import { WarehousePorts } from '../../../application/warehouse/warehouse-ports.js';
import { WarehouseQueries } from '../../../application/warehouse/warehouse-queries.js';
import { WAREHOUSE_STREAMS } from '../../../application/warehouse/streams.js';
import { BuybackItemProcess } from '../../../application/warehouse/buyback-item-process.js';
import { DisputeMailProcess } from '../../../application/warehouse/dispute-mail-process.js';
import { itemCreation } from '../../../application/warehouse/item-creation.js';
import { itemsProjection } from '../../../projections/warehouse/items-projection.js';
import { itemHistoryProjection } from '../../../projections/warehouse/item-history-projection.js';
import { stocksProjection } from '../../../projections/warehouse/stocks-projection.js';
import { verificationsProjection } from '../../../projections/warehouse/verifications-projection.js';
import { localesBeside } from '../../http/i18n.js';
import { itemRoutes } from '../../http/routes/warehouse/item-routes.js';
import { stockRoutes } from '../../http/routes/warehouse/stock-routes.js';
import type { PlatformModule } from '../platform-module.js';
import { warehouseDemoActivity } from './demo-activity.js';

const WAREHOUSE_STAFF = [...PLATFORM_STAFF, ...WAREHOUSE_USERS] as const;
const WAREHOUSE_MANAGERS = [...PLATFORM_STAFF, 'root_management_unit_manager', 'warehouse_manager'] as const;

/**
 * The warehouse (specification 001): the item aggregate (the device, from its
 * buyback's registration to a stock, its return or its loss), check-in, the
 * compliance check, quarantine, losses and returns, stocks, verification of
 * lists of codes, and the auditor's replay. Its process manager keeps each
 * buyback and its item in step.
 */
export const warehouseModule: PlatformModule = {
  name: 'warehouse',
  streams: Object.values(WAREHOUSE_STREAMS),
  projections: [itemsProjection, itemHistoryProjection, stocksProjection, verificationsProjection],
  permissions: {
    'item.list': { description: 'List the items (devices) of the warehouse’s stocks, and those in quarantine', holders: [...WAREHOUSE_STAFF, ...ROOT_USERS] },
    'item.read': {
      description: 'Open an item, its history, or find it by its code',
      holders: [...WAREHOUSE_STAFF, ...ROOT_USERS, 'store_manager'],
    },
    'item.export': { description: 'Export the items list as CSV', holders: [...WAREHOUSE_STAFF, ...ROOT_USERS] },
    'item.check_in': { description: 'Register a parcel at the warehouse (check-in)', holders: WAREHOUSE_STAFF },
    'item.check': { description: 'Run the compliance check of an item, to its outcome', holders: WAREHOUSE_STAFF },
    'item.quarantine': { description: 'Put an item in quarantine and release it', holders: WAREHOUSE_STAFF },
    'item.send_quarantine_mail': { description: 'Send the dispute e-mail of a quarantined item to its customer again', holders: WAREHOUSE_MANAGERS },
    'item.declare_lost_store': { description: 'Declare an item lost in the store', holders: [...PLATFORM_STAFF, 'root_management_unit_manager', 'store_manager'] },
    'item.declare_lost_transport': { description: 'Declare an item lost in transport', holders: WAREHOUSE_MANAGERS },
    'item.declare_lost_warehouse': { description: 'Declare an item lost in the warehouse', holders: WAREHOUSE_MANAGERS },
    'item.move': { description: 'Move an item to another stock of its warehouse', holders: WAREHOUSE_STAFF },
    'item.return': { description: 'Record that an item was shipped back to its customer', holders: WAREHOUSE_STAFF },
    'item.verify': { description: 'Verify a list of codes (a buyer’s or a carrier’s) against the warehouse', holders: WAREHOUSE_STAFF },
    'stock.list': { description: 'See the stocks, their quantities and average ages', holders: [...WAREHOUSE_STAFF, ...ROOT_USERS] },
    'stock.manage': { description: 'Create, rename and delete the warehouse’s own stocks', holders: WAREHOUSE_MANAGERS },
    'audit.replay': {
      description: 'Replay a buyback and its item: the state at any moment, and every event that led there',
      holders: [...PLATFORM_STAFF, ...ROOT_USERS, 'warehouse_manager'],
    },
  },
  errors: {
    ITEM_NOT_FOUND: 404,
    ITEM_CODE_NOT_RECOGNISED: 404,
    CHECKIN_PACKAGE_NOT_FOUND: 404,
    CHECKIN_PACKAGE_NOT_SHIPPED: 409,
    CHECKIN_PACKAGE_NUMBER_INVALID: 400,
    STOCK_NOT_FOUND: 404,
    WAREHOUSE_NOT_FOUND: 404,
    WAREHOUSE_NOT_ALLOWED: 403,
    VERIFICATION_NOT_FOUND: 404,
    ITEM_ALREADY_EXISTS: 409,
    ITEM_CODE_AMBIGUOUS: 409,
    ITEM_TRANSITION_NOT_ALLOWED: 409,
    ITEM_CANCELLED: 409,
    ITEM_CHECKIN_STATUS_INVALID: 409,
    ITEM_STILL_IN_STORE: 409,
    ITEM_NOT_CHECKED_IN: 409,
    ITEM_CHECK_ALREADY_DONE: 409,
    ITEM_CHECK_WRONG_STATUS: 409,
    ITEM_NOT_ELIGIBLE_FOR_CHECK: 409,
    ITEM_LOST_PLACE_NOT_ALLOWED: 409,
    WAREHOUSE_CHECKIN_DISABLED: 409,
    STOCK_ALREADY_EXISTS: 409,
    STOCK_NAME_ALREADY_EXISTS: 409,
    STOCK_NAME_RESERVED: 409,
    STOCK_NATIVE_NOT_EDITABLE: 409,
    STOCK_NATIVE_NOT_DELETABLE: 409,
    STOCK_NOT_EMPTY: 409,
    ITEM_CODE_REQUIRED: 400,
    ITEM_CODE_LENGTH: 400,
    ITEM_CODE_INVALID: 400,
    ITEM_NOT_ASSIGNED_TO_WAREHOUSE: 422,
    ITEM_ALREADY_IN_STOCK: 422,
    ITEM_STOCK_RESERVED_FOR_QUARANTINE: 422,
    WAREHOUSE_COMMENT_REQUIRED: 422,
    COMPLIANCE_PROPOSAL_REASON_REQUIRED: 422,
    STOCK_NAME_REQUIRED: 422,
    STOCK_FIELD_TOO_LONG: 422,
    VERIFICATION_FILE_NOT_CSV: 422,
    VERIFICATION_FILE_COLUMNS: 422,
    VERIFICATION_FILE_EMPTY: 422,
    VERIFICATION_FILE_TOO_LARGE: 422,
    VERIFICATION_CODE_INVALID: 422,
  },
  texts: localesBeside(import.meta.url),
  menu: [
    {
      section: 'warehouse',
      key: 'warehouseCheckin',
      path: '/warehouse/checkin',
      permission: 'item.check_in',
      // Hidden when the retailer's check-in is disabled, and for provider staff (treated as disabled).
      visible: ({ principal, settings }) => !isPlatformStaff(principal) && (settings?.warehouseCheckinRequirement ?? 'optional') !== 'disabled',
    },
    { section: 'warehouse', key: 'warehouseCheck', path: '/warehouse/check', permission: 'item.check' },
    { section: 'warehouse', key: 'buybacksQuarantine', path: '/buybacksQuarantine', permission: 'item.quarantine' },
    { section: 'warehouse', key: 'itemsStock', path: '/items-stock', permission: 'item.list' },
    { section: 'warehouse', key: 'stocks', path: '/stocks', permission: 'stock.list' },
    { section: 'warehouse', key: 'scanToStock', path: '/stocks/scan', permission: 'item.move' },
    { section: 'warehouse', key: 'verification', path: '/verification', permission: 'item.verify' },
    { section: 'warehouse', key: 'replay', path: '/replay', permission: 'audit.replay' },
  ],
  demoActivity: warehouseDemoActivity,
  register(container) {
    container.registerSingleton(TOKENS.WarehousePorts, WarehousePorts);
    container.registerSingleton(TOKENS.WarehouseQueries, WarehouseQueries);
    // An item is created with its buyback, in the same append.
    container.resolve<RegistrationCompanion[]>(TOKENS.RegistrationCompanions).push(itemCreation);
    // Every later command on a buyback decides its item's follow-up in the same append.
    const ids = container.resolve<IdGenerator>(TOKENS.IdGenerator);
    container.resolve<BuybackCompanion[]>(TOKENS.BuybackCompanions).push((buybackId) => itemCompanion(buybackId, ids));
  },
  processManagers(container) {
    const ports = container.resolve<WarehousePorts>(TOKENS.WarehousePorts);
    return [
      new DisputeMailProcess(ports),
      new BuybackItemProcess({
        eventStore: ports.eventStore,
        documents: ports.documents,
        mailer: ports.mailer,
        linkSecrets: ports.linkSecrets,
        publicBaseUrl: ports.publicBaseUrl,
        clock: ports.clock,
        ids: ports.ids,
        logger: container.resolve(TOKENS.Logger),
      }),
    ];
  },
  routes(container: DependencyContainer) {
    const ports = container.resolve<WarehousePorts>(TOKENS.WarehousePorts);
    const queries = container.resolve<WarehouseQueries>(TOKENS.WarehouseQueries);
    const texts = container.resolve<Texts>(TOKENS.Texts);
    return [...itemRoutes({ ports, queries, texts }), ...stockRoutes(ports, queries, container.resolve<JobQueue>(TOKENS.Jobs), texts)];
  },
};
