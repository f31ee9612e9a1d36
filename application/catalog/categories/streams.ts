import { streamCategory } from '../../events/streams.js';

/** The categories' own streams besides the categories': one reservation per account and identifier, one stream per uploaded picture. */
export const CATEGORY_STREAMS = {
  identifier: streamCategory('category_identifier'),
  image: streamCategory('category_image'),
} as const;
