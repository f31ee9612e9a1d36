import { TOKENS } from '../../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../../application/ports/clock.js';
import type { DocumentStore } from '../../../../application/ports/document-store.js';
import type { EventStore } from '../../../../application/ports/event-store.js';
import { changeRootDetails, type ClientPorts } from '../../../../application/organizations/clients/client-commands.js';
import type { DemoActivityContext } from '../../../seed/demo-activity.js';
import { ORGANIZATION_DEMO_IDS } from '../../organizations/demo-data.js';

/** Demo Retail's legal texts, as a retailer writes them (French, its language); its terms of service PDF comes from the general settings' demo when there is one. */
export const DEMO_LEGAL_TEXTS = {
  eula: [
    'Conditions générales d’utilisation du site de reprise Demo Retail.',
    'Article 1 – Objet. Le site permet d’estimer la valeur de reprise d’un appareil et de le céder à Demo Retail en magasin ou par envoi postal.',
    'Article 2 – Estimation. L’estimation repose sur vos réponses au diagnostic ; elle est confirmée après le contrôle de l’appareil par notre atelier.',
    'Article 3 – Données personnelles. Vos données servent à la reprise et au paiement ; elles ne sont jamais revendues.',
  ].join('\n\n'),
  serviceTerms: [
    'Conditions générales de service de la reprise Demo Retail.',
    'La reprise est payée par virement, carte cadeau ou bon d’achat, selon le mode choisi, après le contrôle de l’appareil.',
    'Si l’appareil ne correspond pas à la déclaration, un nouveau prix vous est proposé : vous l’acceptez ou l’appareil vous est renvoyé sans frais.',
  ].join('\n\n'),
  faqAndContact: 'Une question sur votre reprise ? Écrivez-nous à reprise@demo-retail.example ou passez dans l’un de nos magasins, du lundi au samedi de 10 h à 19 h.',
} as const;

/** Demo Retail's administrator writes its legal texts. */
export async function legalDemoActivity(context: DemoActivityContext): Promise<void> {
  const child = context.container.createChildContainer();
  child.register(TOKENS.Clock, { useValue: context.clock });
  const ports: ClientPorts = {
    eventStore: child.resolve<EventStore>(TOKENS.EventStore),
    documents: child.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: child.resolve<Clock>(TOKENS.Clock),
    ids: child.resolve<IdGenerator>(TOKENS.IdGenerator),
  };
  const retailer = await context.actAs('retailer@demo.test', 'root');
  context.clock.at(0, 23, 58);
  const changed = await changeRootDetails.run(ports, retailer, { accountId: ORGANIZATION_DEMO_IDS.accounts.demo, patch: { ...DEMO_LEGAL_TEXTS }, reason: null });
  await context.settle(changed.position);
}
