// The screens read the shapes the server sends: the API's transport views, the domain's kinds and delivery statuses.
export type { TransportPage, TransportView as Transport } from '@server/application/logistics/logistics-views';
export { TRANSPORT_KINDS, type TransportKind } from '@server/domain/logistics/transports/events';
export { DELIVERY_STATUSES, type DeliveryStatus } from '@server/domain/values/delivery-status';
