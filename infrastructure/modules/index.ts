import type { PlatformModule } from './platform-module.js';
import { organizationsModule } from './organizations/module.js';
import { catalogModule } from './catalog/module.js';
import { buybacksModule } from './buybacks/module.js';
import { warehouseModule } from './warehouse/module.js';
import { refurbishmentModule } from './refurbishment/module.js';
import { logisticsModule } from './logistics/module.js';
import { paymentsModule } from './payments/module.js';
import { connectorsModule } from './connectors/module.js';
import { settingsModule } from './settings/module.js';
import { platformModule } from './platform/module.js';

/**
 * The parts of the platform, upstream first: a part's demo data and
 * services may use those listed before it. Adding a part means adding its
 * folders and one line here.
 */
export const MODULES: readonly PlatformModule[] = [organizationsModule, catalogModule, buybacksModule, warehouseModule, refurbishmentModule, logisticsModule, paymentsModule, connectorsModule, settingsModule, platformModule];
