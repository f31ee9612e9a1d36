import { TOKENS } from '../../../application/tokens.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import { legalRoutes } from '../../http/routes/settings/legal-routes.js';
import type { ModulePiece } from '../module-pieces.js';
import { legalDemoActivity } from './demo/legal-demo.js';

/**
 * The storefront's legal pages (issue 24): the public read of the
 * retailer's terms of use, terms of service and FAQ (written in its root
 * details, edited on the general settings' store page), and Demo Retail's.
 */
export const legalPiece: ModulePiece = {
  demoActivity: legalDemoActivity,
  routes: (container) =>
    legalRoutes({
      documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
      defaultAccountId: () => container.resolve<() => Promise<string | null>>(TOKENS.DefaultWhiteLabelAccount)(),
    }),
};
