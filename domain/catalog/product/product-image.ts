/**
 * A product's picture (specification 000 §3: image and HD image; §5: types
 * and sizes limited): JPEG or PNG by its content, not its name, at most
 * 250 kB for the image and 1 MB for the HD one. Each file is kept once, on a
 * stream named by its SHA-256 (the same file sent twice writes nothing), and
 * the product names it by URL in its `imageUrl` or `imageHdUrl`.
 */
import type { Decider } from '../../shared/decider.js';
import { DomainError } from '../../shared/domain-error.js';

export const PRODUCT_IMAGE_KINDS = ['image', 'hd'] as const;
export type ProductImageKind = (typeof PRODUCT_IMAGE_KINDS)[number];

export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export type ProductImageType = (typeof PRODUCT_IMAGE_TYPES)[number];

/** Bytes per kind. */
export const PRODUCT_IMAGE_MAX_BYTES: Record<ProductImageKind, number> = { image: 250 * 1024, hd: 1024 * 1024 };

export interface ProductImageUploaded {
  type: 'ProductImageUploaded';
  data: { imageId: string; contentType: ProductImageType; bytes: number; base64: string };
}

export interface UploadProductImage {
  type: 'UploadProductImage';
  data: { imageId: string; kind: ProductImageKind; /** What the file's content says it is (file-type), null: unknown. */ detectedType: string | null; content: Uint8Array };
}

export interface ProductImageState {
  uploaded: boolean;
}

function toBase64(content: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < content.length; i += 0x8000) binary += String.fromCharCode(...content.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The checks, in order: its real type (PRODUCT_IMAGE_TYPE_INVALID), then its size for its kind (PRODUCT_IMAGE_TOO_LARGE). */
export function checkProductImage(kind: ProductImageKind, detectedType: string | null, size: number): ProductImageType {
  if (!(PRODUCT_IMAGE_TYPES as readonly (string | null)[]).includes(detectedType)) {
    throw new DomainError('PRODUCT_IMAGE_TYPE_INVALID', { detectedType, allowed: [...PRODUCT_IMAGE_TYPES] });
  }
  const max = PRODUCT_IMAGE_MAX_BYTES[kind];
  if (size > max) throw new DomainError('PRODUCT_IMAGE_TOO_LARGE', { bytes: size, maxKb: Math.floor(max / 1024) });
  return detectedType as ProductImageType;
}

export const productImageDecider: Decider<ProductImageState, UploadProductImage, ProductImageUploaded> = {
  initialState: () => ({ uploaded: false }),
  evolve: (_state, _event) => ({ uploaded: true }),
  decide(command, state) {
    const { imageId, kind, detectedType, content } = command.data;
    const contentType = checkProductImage(kind, detectedType, content.length);
    if (state.uploaded) return [];
    return [{ type: 'ProductImageUploaded', data: { imageId, contentType, bytes: content.length, base64: toBase64(content) } }];
  },
};
