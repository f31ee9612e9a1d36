/** The product pictures' stream category and read model (a file per document, by its SHA-256), which GET /product-images/{id} serves. */
import { streamCategory } from '../../events/streams.js';

/** One stream per file, named by its SHA-256. */
export const PRODUCT_IMAGE_STREAM = streamCategory('product_image');

export const PRODUCT_IMAGE_COLLECTION = 'product_images';

export interface ProductImageDocument {
  _id: string;
  accountId: string;
  contentType: string;
  bytes: number;
  base64: string;
  [key: string]: unknown;
}
