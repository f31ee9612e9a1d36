import { TOKENS } from '../../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../../application/ports/clock.js';
import type { DocumentStore } from '../../../../application/ports/document-store.js';
import type { EventStore } from '../../../../application/ports/event-store.js';
import { changeHomePage, type HomePagePorts } from '../../../../application/settings/home-page/home-page-commands.js';
import type { DemoActivityContext } from '../../../seed/demo-activity.js';
import { CATALOG_DEMO_IDS } from '../../catalog/demo-data-accounts.js';
import { ORGANIZATION_DEMO_IDS } from '../../organizations/demo-data.js';

/** Demo Retail's home page: on, three widgets (a welcome in HTML, three highlighted phones, the search). */
export const DEMO_HOME_PAGE = {
  metaTitle: 'Demo Retail – revendez votre smartphone au meilleur prix',
  metaDescription: 'Estimez en deux minutes la valeur de votre smartphone, tablette ou console et faites-la reprendre en magasin ou par la poste.',
  status: 'on',
  widgets: [
    {
      type: 'html',
      html: '<h2>Offre de rentrée</h2><p>Jusqu’à <strong>30 € de bonus</strong> sur la reprise de votre smartphone, payée par virement sous 5 jours. <a href="/categories">Voir les catégories</a></p>',
    },
    { type: 'products', productIds: [CATALOG_DEMO_IDS.products.iphone15_128, CATALOG_DEMO_IDS.products.galaxyS23_128, CATALOG_DEMO_IDS.products.pixel7_128] },
    { type: 'search', title: 'Quel appareil revendez-vous ?', bannerImageUrl: null },
  ],
} as const;

/** Demo Retail's home page, configured by its administrator. */
export async function homePageDemoActivity(context: DemoActivityContext): Promise<void> {
  const child = context.container.createChildContainer();
  child.register(TOKENS.Clock, { useValue: context.clock });
  const ports: HomePagePorts = {
    eventStore: child.resolve<EventStore>(TOKENS.EventStore),
    documents: child.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: child.resolve<Clock>(TOKENS.Clock),
    ids: child.resolve<IdGenerator>(TOKENS.IdGenerator),
  };
  const retailer = await context.actAs('retailer@demo.test', 'root');
  context.clock.at(0, 23, 59);
  const changed = await changeHomePage.run(ports, retailer, {
    accountId: ORGANIZATION_DEMO_IDS.accounts.demo,
    patch: { ...DEMO_HOME_PAGE, widgets: DEMO_HOME_PAGE.widgets.map((widget) => ({ ...widget })) as Array<Record<string, unknown>> },
    reason: null,
  });
  await context.settle(changed.position);
}
