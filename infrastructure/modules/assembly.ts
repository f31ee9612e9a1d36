import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../application/tokens.js';
import type { Projection } from '../../application/ports/projection.js';
import { STREAM_CATEGORY_PATTERN, type StreamCategory } from '../../application/events/streams.js';
import { PermissionMatrix } from '../../application/organizations/permissions.js';
import type { MenuEntry } from '../../application/organizations/menu.js';
import { CORE_ERRORS, ErrorCatalogue } from '../http/error-catalogue.js';
import { localesBeside, Translator } from '../http/i18n.js';
import type { Route } from '../http/route.js';
import { loadConfig } from '../config.js';
import type { PlatformModule } from './platform-module.js';
import { Throttles } from '../security/throttle-stores.js';

/**
 * The tables the platform is made of, assembled from the list of modules:
 * the composition root, the projection runner, the error catalogue, the
 * permission matrix, the menu and the OpenAPI document all read these. A
 * stream category, a collection, a permission, an error code, an API text or
 * an operation declared by two modules is refused here, at start-up.
 */
export interface Assembly {
  modules: readonly PlatformModule[];
  streams: readonly StreamCategory[];
  projections: readonly Projection[];
  /** Collections kept in the in-memory reference cache. */
  referenceCollections: readonly string[];
  permissions: PermissionMatrix;
  errors: ErrorCatalogue;
  translator: Translator;
  menu: readonly MenuEntry[];
}

/** The core's own texts: the HTTP pipeline's and the shared values' errors, schema keywords, menu sections. */
const CORE_TEXTS = localesBeside(new URL('../http/i18n.ts', import.meta.url).href);

export function assemble(modules: readonly PlatformModule[]): Assembly {
  const names = new Set<string>();
  for (const module of modules) {
    if (!/^[a-z][a-z-]*$/.test(module.name)) throw new Error(`Module name "${module.name}" must be kebab-case`);
    if (names.has(module.name)) throw new Error(`Module ${module.name} is listed twice`);
    names.add(module.name);
  }
  const streams = modules.flatMap((m) => m.streams);
  unique(
    streams.map((s) => s.category),
    'Stream category',
  );
  for (const stream of streams) {
    if (!STREAM_CATEGORY_PATTERN.test(stream.category)) throw new Error(`Stream category ${stream.category} breaks the naming rule`);
  }
  const projections = modules.flatMap((m) => m.projections);
  unique(
    projections.map((p) => p.name),
    'Projection',
  );
  unique(
    [...projections.map((p) => p.collection), ...modules.flatMap((m) => m.ownCollections ?? [])],
    'Collection',
  );
  return {
    modules,
    streams,
    projections,
    referenceCollections: modules.flatMap((m) => m.referenceCollections ?? []),
    permissions: new PermissionMatrix(modules.map((m) => m.permissions)),
    errors: new ErrorCatalogue([CORE_ERRORS, ...modules.map((m) => m.errors)]),
    translator: Translator.merge([CORE_TEXTS, ...modules.map((m) => m.texts)]),
    menu: modules.flatMap((m) => m.menu ?? []),
  };
}

/** Every module's routes, once the container holds everything; an operation id or a method and path twice is refused. */
export function assembleRoutes(assembly: Assembly, container: DependencyContainer): Route[] {
  const routes = assembly.modules.flatMap((m) => m.routes(container));
  unique(
    routes.map((r) => r.operationId),
    'Operation id',
  );
  unique(
    routes.map((r) => `${r.method.toUpperCase()} ${r.path}`),
    'Route',
  );
  return routes;
}

function unique(values: readonly string[], what: string): void {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) throw new Error(`${what} ${value} is declared twice`);
    seen.add(value);
  }
}

/**
 * The route table without a running platform (documentation, tests of the
 * declarations): every port is an inert value, which the route factories
 * only keep for later; no handler may be called.
 */
export function declaredRoutes(assembly: Assembly): Route[] {
  const container = rootContainer.createChildContainer();
  for (const token of Object.values(TOKENS)) container.register(token, { useValue: {} });
  container.register(TOKENS.Config, { useValue: loadConfig({}) });
  container.register(TOKENS.ProjectionRunner, { useValue: { projections: assembly.projections } });
  container.register(TOKENS.PermissionMatrix, { useValue: assembly.permissions });
  container.register(TOKENS.MenuEntries, { useValue: assembly.menu });
  container.register(TOKENS.DefaultWhiteLabelAccount, { useValue: async () => null });
  container.register(TOKENS.Throttles, { useValue: Throttles.memory() });
  for (const module of assembly.modules) module.register?.(container);
  return assembleRoutes(assembly, container);
}
