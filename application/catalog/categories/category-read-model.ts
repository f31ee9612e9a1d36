/** The categories' uploaded pictures as served (the categories themselves: CategoryDocument in ../read-models.ts). */
export const CATEGORY_IMAGE_COLLECTION = 'category_images';

export interface CategoryImageDocument {
  _id: string;
  accountId: string;
  contentType: 'image/jpeg' | 'image/png';
  sizeBytes: number;
  base64: string;
  uploadedAt: string;
  [key: string]: unknown;
}

/** Where a picture is served. */
export const categoryImageUrl = (imageId: string) => `/api/category-images/${imageId}`;
