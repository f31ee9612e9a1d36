/**
 * A category's picture: JPG or PNG of at most 250 kB (specification 000
 * sections 5 and 9), its real type read from its bytes (file-type), never
 * from its name nor the type the browser claimed. Kept on its own stream
 * (`category_image`), so that a rebuild serves it again, and served at
 * GET /api/category-images/{id}.
 */
import { fileTypeFromBuffer } from 'file-type';
import type { CategoryImageUploaded } from '../../../domain/catalog/category/category-events.js';
import { ApplicationError } from '../../commands/errors.js';
import { defineCommand } from '../../commands/command-slice.js';
import { handleCommand } from '../../commands/command-handler.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { CATEGORY_STREAMS } from './streams.js';
import { CATEGORY_IMAGE_COLLECTION, categoryImageUrl, type CategoryImageDocument } from './category-read-model.js';
import { accountOf, type CategoryPorts } from './category-lookup.js';

export const CATEGORY_IMAGE_MAX_BYTES = 250 * 1024;
const ACCEPTED = ['image/jpeg', 'image/png'] as const;

type Accepted = (typeof ACCEPTED)[number];

/** The accepted type the bytes really are, or a refusal naming the rule. */
export async function checkedImage(bytes: Buffer | null): Promise<{ contentType: Accepted; bytes: Buffer }> {
  if (!bytes || bytes.length === 0) throw new ApplicationError('CATEGORY_IMAGE_REQUIRED');
  if (bytes.length > CATEGORY_IMAGE_MAX_BYTES) throw new ApplicationError('CATEGORY_IMAGE_TOO_LARGE', { maxKb: CATEGORY_IMAGE_MAX_BYTES / 1024 });
  const found = await fileTypeFromBuffer(bytes);
  const mime = found?.mime as string | undefined;
  if (!mime || !(ACCEPTED as readonly string[]).includes(mime)) throw new ApplicationError('CATEGORY_IMAGE_TYPE', { found: mime ?? null });
  return { contentType: mime as Accepted, bytes };
}

const imageDecider = {
  initialState: () => ({ uploaded: false }),
  evolve: () => ({ uploaded: true }),
  decide: (command: CategoryImageUploaded, state: { uploaded: boolean }): CategoryImageUploaded[] => (state.uploaded ? [] : [command]),
};

/** Stores an uploaded picture of the caller's catalogue; answers its id and URL. */
export const uploadCategoryImage = defineCommand<CategoryPorts, { bytes: Buffer | null }, { id: string; url: string; contentType: Accepted; sizeBytes: number; position: number | null }>({
  name: 'UploadCategoryImage',
  permission: 'category.manage',
  async run(deps, context, input) {
    const accountId = accountOf(context.principal);
    const { contentType, bytes } = await checkedImage(input.bytes);
    const imageId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const event: CategoryImageUploaded = {
      type: 'CategoryImageUploaded',
      data: { imageId, accountId, contentType, sizeBytes: bytes.length, base64: bytes.toString('base64') },
    };
    const result = await handleCommand(deps.eventStore, CATEGORY_STREAMS.image.name(imageId), imageDecider, event, {
      metadata: commandMetadata(deps, context, accountId, context.principal.organizationId),
      newEventId: () => deps.ids.uuid(),
    });
    return { id: imageId, url: categoryImageUrl(imageId), contentType, sizeBytes: bytes.length, position: result.position };
  },
});

/** A picture's bytes, or CATEGORY_IMAGE_NOT_FOUND. Pictures are public (the storefront shows them); their ids are random. */
export async function categoryImage(deps: Pick<CategoryPorts, 'documents'>, imageId: string): Promise<{ contentType: string; bytes: Buffer }> {
  const image = await deps.documents.collection<CategoryImageDocument>(CATEGORY_IMAGE_COLLECTION).get(imageId);
  if (!image) throw new ApplicationError('CATEGORY_IMAGE_NOT_FOUND', { imageId });
  return { contentType: image.contentType, bytes: Buffer.from(image.base64, 'base64') };
}
