import type { DependencyContainer } from 'tsyringe';
import type { Projection } from '../../application/ports/projection.js';
import type { BackgroundWorker } from '../../application/ports/background-worker.js';
import type { ProcessManager } from '../../application/process-managers/process-manager-runner.js';
import type { StreamCategory } from '../../application/events/streams.js';
import type { PermissionTable } from '../../application/organizations/permissions.js';
import type { MenuEntry } from '../../application/organizations/menu.js';
import type { Locale } from '../../domain/organizations/events.js';
import type { Route } from '../http/route.js';
import type { SeedContext, SeedStream } from '../seed/seed-streams.js';
import type { DemoActivityContext } from '../seed/demo-activity.js';

/**
 * The texts a part of the platform gives the API, per locale: `errors.<CODE>`
 * (the message of each error code), `fields.<path>` (field labels in
 * validation errors), `mail.<template>.{subject,text}` (e-mails) and
 * `menu.<key>` (its dashboard menu entries). The dashboard and the
 * storefront read the same files (their `api` namespace).
 */
export interface ModuleTexts {
  errors?: Record<string, unknown>;
  fields?: Record<string, unknown>;
  mail?: Record<string, unknown>;
  menu?: Record<string, unknown>;
  [section: string]: unknown;
}

/**
 * Everything the platform must know about one part (bounded context),
 * declared once. The composition root, the projection list, the error
 * catalogue, the permission matrix (and docs/permissions.md), the OpenAPI
 * document, the demo data and the dashboard menu are assembled from the
 * list of these (`infrastructure/modules/index.ts`); `assembly.ts` refuses a
 * stream category, collection, permission, error code or route declared
 * twice, and the module tests fail when a code, permission or text is
 * missing.
 */
export interface PlatformModule {
  /** kebab-case, also the folder name of the part in each layer. */
  readonly name: string;
  /** The stream categories whose events this part writes. */
  readonly streams: readonly StreamCategory[];
  /** Its read models. */
  readonly projections: readonly Projection[];
  /** Collections read on every request and rarely written: kept in the in-memory reference cache. */
  readonly referenceCollections?: readonly string[];
  /** Collections it owns that are not read models (never dropped by a rebuild, e.g. sessions). */
  readonly ownCollections?: readonly string[];
  /** The permissions it defines, each with the user types that hold it. */
  readonly permissions: PermissionTable;
  /** Its error codes, each with its HTTP status. */
  readonly errors: Readonly<Record<string, number>>;
  /** Its API texts in the four locales. */
  readonly texts: Readonly<Record<Locale, ModuleTexts>>;
  /** Its entries in the dashboard's menu (labels: `texts.*.menu.<key>`). */
  readonly menu?: readonly MenuEntry[];
  /** Its demo data, as the creation events of its aggregates. */
  readonly demoData?: (context: SeedContext) => readonly SeedStream[];
  /** Its part of the demo's activity (infrastructure/seed/demo-activity.ts), run once after the demo data on first start. */
  readonly demoActivity?: (context: DemoActivityContext) => Promise<void>;
  /** Its process managers (reacting to events with commands), once everything is registered. */
  processManagers?(container: DependencyContainer): readonly ProcessManager[];
  /** Its background workers (the label queue), started once the process managers run, stopped on close; their state is in /api/health. */
  workers?(container: DependencyContainer): readonly BackgroundWorker[];
  /** Registers its application services (command and query handlers) in the container. */
  register?(container: DependencyContainer): void;
  /** Its HTTP routes; the factory receives the container once everything is registered. */
  routes(container: DependencyContainer): readonly Route[];
}
