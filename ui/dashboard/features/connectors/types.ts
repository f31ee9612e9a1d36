// The screens read the shapes the server sends: the connector routes' views, the catalogue's kinds.
import type { ConnectorType } from '@server/domain/connectors/catalogue.js';

import type { ConnectorView, ConfigurationView, ConnectionTestView } from '@server/application/connectors/connector-views.js';

export type Connector = ConnectorView;
export type ConnectorConfiguration = ConfigurationView;
export type ConnectionTestAnswer = ConnectionTestView;
export type { ConnectorType, PropertyKind } from '@server/domain/connectors/catalogue.js';
export type { ListPage } from '@server/application/views/schema.js';
import type { ConfigurationHistoryView } from '@server/application/connectors/connector-views.js';

export type ConfigurationHistoryEntry = ConfigurationHistoryView['items'][number];
export type ConfigurationProperty = ConfigurationView['properties'][number];

/** The connector types in the order the catalogue shows them: the providers a retailer configures most first. */
export const CATALOGUE_ORDER: readonly ConnectorType[] = ['transport', 'payment_mode', 'authentication', 'buyer', 'premium_feature', 'scheduled'];
