import { TOKENS } from '../../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../../application/ports/clock.js';
import type { DocumentStore } from '../../../../application/ports/document-store.js';
import type { EventStore } from '../../../../application/ports/event-store.js';
import { changeDesign } from '../../../../application/settings/design/design-commands.js';
import { uploadSettingsFile, type DesignPorts } from '../../../../application/settings/design/settings-files.js';
import type { DemoActivityContext } from '../../../seed/demo-activity.js';
import { ORGANIZATION_DEMO_IDS } from '../../organizations/demo-data.js';
import { demoPng } from './demo-png.js';

/** The demo's design colours: a dark green (5.0:1 with white text) and a blue (6.7:1). */
export const DEMO_DESIGN = { mainColor: '#15803D', secondaryColor: '#1D4ED8' } as const;

const GREEN = [0x15, 0x80, 0x3d] as const;
const BLUE = [0x1d, 0x4e, 0xd8] as const;
const WHITE = [0xff, 0xff, 0xff] as const;

/** A 250×50 logo: a green mark with a blue bar, on white. */
const logo = () => demoPng(250, 50, (x, y) => (x >= 6 && x < 44 && y >= 6 && y < 44 ? (x - 6 < y - 6 ? GREEN : BLUE) : x >= 56 && x < 240 && y >= 20 && y < 30 ? GREEN : WHITE));
/** A 16×16 favicon: the mark. */
const favicon = () => demoPng(16, 16, (x, y) => (x < y ? GREEN : BLUE));

/** Demo Retail's design, set by its administrator: a logo and a favicon uploaded, both colours chosen. */
export async function designDemoActivity(context: DemoActivityContext): Promise<void> {
  const child = context.container.createChildContainer();
  child.register(TOKENS.Clock, { useValue: context.clock });
  const ports: DesignPorts = {
    eventStore: child.resolve<EventStore>(TOKENS.EventStore),
    documents: child.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: child.resolve<Clock>(TOKENS.Clock),
    ids: child.resolve<IdGenerator>(TOKENS.IdGenerator),
  };
  const retailer = await context.actAs('retailer@demo.test', 'root');
  // Now (the account's opening is the seed's moment: its design comes after it).
  context.clock.at(0, 23, 59);
  const logoFile = await uploadSettingsFile.run(ports, retailer, { kind: 'logo', bytes: logo() });
  const faviconFile = await uploadSettingsFile.run(ports, retailer, { kind: 'favicon', bytes: favicon() });
  await context.settle(faviconFile.position);
  const changed = await changeDesign.run(ports, retailer, {
    accountId: ORGANIZATION_DEMO_IDS.accounts.demo,
    patch: { ...DEMO_DESIGN, logoFileId: logoFile.id, faviconFileId: faviconFile.id },
  });
  await context.settle(changed.position);
}
