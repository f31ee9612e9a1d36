/**
 * A product's pictures: PUT /products/{id}/images/{kind} takes the file
 * (its real type read from its bytes with file-type, not from its name nor
 * its Content-Type), GET /product-images/{imageId} serves it to anyone
 * (storefront visitors included), cached for good since its id is its hash.
 */
import { fileTypeFromBuffer } from 'file-type';
import type { ProductPorts } from '../../../../application/catalog/products/product-commands.js';
import { PRODUCT_IMAGE_COLLECTION, type ProductImageDocument } from '../../../../application/catalog/products/product-image-read-model.js';
import { uploadProductImage } from '../../../../application/catalog/products/product-images.js';
import { ApplicationError } from '../../../../application/commands/errors.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { PRODUCT_IMAGE_KINDS, PRODUCT_IMAGE_MAX_BYTES } from '../../../../domain/catalog/product/product-image.js';
import { commandContext, commandResult } from '../../command-route.js';
import { defineRoute, type Route } from '../../route.js';
import { StringEnum, Type, uuid } from '../schemas.js';
import { uploadedFile } from '../organizations/uploaded-file.js';

const ImageId = Type.String({ pattern: '^[0-9a-f]{64}$', maxLength: 64, description: 'The SHA-256 of the file, in hex.' });

export function productImageRoutes(spec: {
  ports: ProductPorts;
  tag: string;
  manage: { kind: 'authenticated'; permission: string };
  notFound: Record<number, string>;
}): Route[] {
  const { ports, tag, manage, notFound } = spec;
  return [
    defineRoute({
      method: 'put',
      path: '/products/{id}/images/{kind}',
      operationId: 'uploadProductImage',
      summary: `Sets a product's image (kind image, at most ${PRODUCT_IMAGE_MAX_BYTES.image / 1024} kB) or HD image (kind hd, at most ${PRODUCT_IMAGE_MAX_BYTES.hd / 1024} kB): JPEG or PNG by its content (PRODUCT_IMAGE_TYPE_INVALID otherwise, whatever its name), the body itself or the \`file\` field of a multipart form. If-Match with the product's revision`,
      tag,
      access: manage,
      params: Type.Object({ id: uuid, kind: StringEnum(PRODUCT_IMAGE_KINDS) }, { additionalProperties: false }),
      upload: {
        contentTypes: ['image/jpeg', 'image/png', 'application/octet-stream', 'multipart/form-data'],
        maxBytes: PRODUCT_IMAGE_MAX_BYTES.hd + 64 * 1024,
        description: 'A JPEG or PNG picture.',
      },
      conditional: true,
      response: { status: 200, description: 'Saved (the product’s new revision in ETag)', schema: CommandAnswer },
      otherResponses: {
        ...notFound,
        400: 'No file (PRODUCT_IMAGE_MISSING)',
        412: 'If-Match names another revision (PRECONDITION_FAILED)',
        422: 'Not a JPEG nor a PNG (PRODUCT_IMAGE_TYPE_INVALID), or too large for its kind (PRODUCT_IMAGE_TOO_LARGE)',
      },
      async handler(context) {
        const { bytes } = uploadedFile(context.request, undefined);
        if (!bytes) throw new ApplicationError('PRODUCT_IMAGE_MISSING');
        const detected = await fileTypeFromBuffer(bytes);
        const outcome = await uploadProductImage(ports, context.params.id, context.params.kind, { content: bytes, detectedType: detected?.mime ?? null }, commandContext(context));
        return commandResult(outcome);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/product-images/{imageId}',
      operationId: 'getProductImage',
      summary: 'A product picture (JPEG or PNG), to anyone: its id is its content’s hash, so it never changes',
      tag,
      access: { kind: 'public' },
      params: Type.Object({ imageId: ImageId }, { additionalProperties: false }),
      response: { status: 200, description: 'The picture', contentType: 'image/png' },
      otherResponses: { 404: 'No such picture (NOT_FOUND)' },
      async handler({ params }) {
        const image = await ports.documents.collection<ProductImageDocument>(PRODUCT_IMAGE_COLLECTION).get(params.imageId);
        if (!image) throw new ApplicationError('NOT_FOUND');
        return {
          headers: { 'Cache-Control': 'public, max-age=31536000, immutable' },
          raw: { contentType: image.contentType, data: Buffer.from(image.base64, 'base64') },
        };
      },
    }),
  ];
}
