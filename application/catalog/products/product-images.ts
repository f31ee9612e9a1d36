/**
 * A product's image or HD image uploaded: the file kept once on its own
 * stream (`product_image-<sha256>`, domain/catalog/product/product-image.ts),
 * then the product's `imageUrl` or `imageHdUrl` pointed at it
 * (GET /api/product-images/{sha256}), both under the product's If-Match.
 */
import { createHash } from 'node:crypto';
import { productImageDecider, type ProductImageKind } from '../../../domain/catalog/product/product-image.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { handleCommand } from '../../commands/command-handler.js';
import { PRODUCT_IMAGE_STREAM } from './product-image-read-model.js';
import { changeProduct, visibleProduct, type ProductActor, type ProductOutcome, type ProductPorts } from './product-commands.js';

export function productImageUrl(imageId: string): string {
  return `/api/product-images/${imageId}`;
}

export async function uploadProductImage(
  deps: ProductPorts,
  productId: string,
  kind: ProductImageKind,
  file: { content: Uint8Array; detectedType: string | null },
  actor: ProductActor,
): Promise<ProductOutcome> {
  const product = await visibleProduct(deps.documents, actor.principal, productId);
  const imageId = createHash('sha256').update(file.content).digest('hex');
  await handleCommand(
    deps.eventStore,
    PRODUCT_IMAGE_STREAM.name(imageId),
    productImageDecider,
    { type: 'UploadProductImage', data: { imageId, kind, detectedType: file.detectedType, content: file.content } },
    { metadata: commandMetadata(deps, { principal: actor.principal, correlationId: actor.correlationId }, product.accountId, actor.principal.organizationId), newEventId: () => deps.ids.uuid() },
  );
  const url = productImageUrl(imageId);
  return changeProduct(deps, productId, kind === 'hd' ? { imageHdUrl: url } : { imageUrl: url }, actor);
}
