import type { ProductImageUploaded } from '../../domain/catalog/product/product-image.js';
import { PRODUCT_IMAGE_COLLECTION, PRODUCT_IMAGE_STREAM, type ProductImageDocument } from '../../application/catalog/products/product-image-read-model.js';
import { entityProjection } from '../shared/entity-projection.js';

/** The product pictures as GET /product-images/{id} serves them: one document per file, written once. */
export const productImagesProjection = entityProjection<ProductImageDocument, ProductImageUploaded>({
  name: 'product-images',
  collection: PRODUCT_IMAGE_COLLECTION,
  stream: PRODUCT_IMAGE_STREAM,
  eventTypes: ['ProductImageUploaded'],
  indexes: [],
  fold: (doc, event, stored) => doc ?? { _id: event.data.imageId, accountId: stored.metadata.accountId, contentType: event.data.contentType, bytes: event.data.bytes, base64: event.data.base64 },
});
