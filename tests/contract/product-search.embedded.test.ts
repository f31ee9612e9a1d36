import { EmbeddedProductSearch } from '../../infrastructure/search/embedded-product-search.js';
import { productSearchContract } from './product-search.contract.js';

productSearchContract('EmbeddedProductSearch', async () => ({ index: new EmbeddedProductSearch(), cleanup: async () => undefined }));
