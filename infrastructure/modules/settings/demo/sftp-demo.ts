import { CATALOG_COLLECTIONS, type CategoryDocument } from '../../../../application/catalog/read-models.js';
import { configureSftpImport, enableSftpAccess } from '../../../../application/settings/sftp/sftp-commands.js';
import type { SftpInbox } from '../../../../application/settings/sftp/sftp-inbox.js';
import type { SftpPorts, SftpFolders } from '../../../../application/settings/sftp/sftp-ports.js';
import { SFTP_IMPORT_FILE_NAME } from '../../../../domain/settings/sftp/sftp.js';
import type { DemoActivityContext } from '../../../seed/demo-activity.js';
import { ORGANIZATION_DEMO_IDS } from '../../organizations/demo-data.js';

/**
 * Demo Retail's SFTP, through the same code as a retailer's: its
 * administrator enables the access (the password, shown once, is not kept:
 * enabling it again on the screen gives one) and names a parent category,
 * then a products file lands in its folder and the inbox imports it (the
 * job runs once the background queues start): three new products, and a
 * line placing one outside the parent category, ignored with its reason.
 */
export async function sftpDemoActivity(context: DemoActivityContext, deps: SftpPorts & { inbox: SftpInbox; folders: SftpFolders }): Promise<void> {
  const ports: SftpPorts = { ...deps, clock: context.clock };
  const retailer = await context.actAs('retailer@demo.test', 'root');
  const accountId = ORGANIZATION_DEMO_IDS.accounts.demo;
  const organizationId = ORGANIZATION_DEMO_IDS.organizations.demoRoot;
  context.clock.at(1, 22, 0);
  await context.settle((await enableSftpAccess.run(ports, retailer, { organizationId })).position);

  const categories = await deps.documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).find({ accountId, status: 'active' }, { sort: [['identifier', 1]], limit: 500 });
  const roots = categories.filter((category) => category.parentId === null);
  const parent = roots.find((root) => categories.some((category) => category.parentId === root._id)) ?? roots[0];
  const outside = roots.find((root) => root._id !== parent?._id);
  if (!parent) return;
  const inside = categories.find((category) => category.parentId === parent._id) ?? parent;
  context.clock.at(1, 22, 5);
  await context.settle((await configureSftpImport.run(ports, retailer, { organizationId, patch: { parentCategoryIds: [parent._id] } })).position);

  const lines = [
    'label;brand;model;categoryIdentifier;status;price_grade_a_cents',
    `Nova 8 128 Go;Demo SFTP;Nova 8;${inside.identifier};published;21000`,
    `Nova 8 256 Go;Demo SFTP;Nova 8;${inside.identifier};published;24000`,
    `Nova 8 Lite 64 Go;Demo SFTP;Nova 8 Lite;${inside.identifier};draft;12000`,
    ...(outside ? [`Nova Tab 10;Demo SFTP;Nova Tab;${outside.identifier};published;15000`] : []),
  ];
  await deps.folders.write(accountId, SFTP_IMPORT_FILE_NAME, Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'));
  await deps.inbox.look(accountId);
}
