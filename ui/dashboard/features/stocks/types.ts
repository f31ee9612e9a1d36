// The screens read the shapes the server sends: the API's stock views, the domain's native kinds and text bound.
export type { StockPage, StockView as Stock } from '@server/application/warehouse/warehouse-views';
export { NATIVE_STOCK_KINDS, type NativeStockKind } from '@server/domain/warehouse/stocks/native-stocks';
export { STOCK_TEXT_MAX } from '@server/domain/warehouse/stocks/stocks';
