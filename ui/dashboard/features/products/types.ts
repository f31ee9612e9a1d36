// The screens read the shapes the server sends: the API's product views, the domain's lists and bounds.
export type {
  ProductListItem,
  ProductListPage,
  ProductDetailView as ProductDetail,
  PriceHistory,
  ProductHistory,
} from '@server/application/catalog/products/product-views.js';
export type { CategoryNodeView } from '@server/application/catalog/catalog-views.js';
export { PRODUCT_STATES } from '@server/domain/catalog/estimate.js';
export { PRODUCT_LIMITS } from '@server/domain/catalog/product/validate.js';
export { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from '@server/domain/catalog/product/product-image.js';
