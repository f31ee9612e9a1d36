/** What the chunking pass tells of a module (Rolldown's ChunkingContext, the part used here). */
interface ChunkingContext {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
}

type App = 'storefront' | 'dashboard';

const isLibrary = (id: string) => id.includes('/node_modules/');

/** The application modules `modules` reach by static imports (libraries left out: a group takes those it uses). */
function reach(context: ChunkingContext, modules: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...modules];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (reached.has(id)) continue;
    const info = context.getModuleInfo(id);
    if (!info) throw new Error(`firstLoadChunks: a first load names ${id}, which the build does not hold`);
    reached.add(id);
    pending.push(...info.importedIds.filter((imported) => !isLibrary(imported)));
  }
  return reached;
}

/**
 * Rolldown's `codeSplitting.groups` that put the first load of each app in a
 * few files instead of the forty-odd small common chunks that automatic
 * chunking cuts along the lazy routes' boundaries. On a phone each file is a
 * request, and HTTP/1.1 opens at most six at once: forty small files cost
 * seven round trips before the first paint, two files one. The lazy routes
 * keep their own chunks and import what the first load holds from it.
 *
 * An app's first load is what its roots (its entry and what the entry
 * imports dynamically at once, absolute paths) reach by static imports among
 * the application's own modules; the libraries come along with the modules
 * that use them (a group takes its modules' dependencies, as far as they are
 * used: not a library's whole index). The files, by priority:
 * - first-load-shared: the application modules both first loads hold (the
 *   design system, the API client, the texts' set-up) and what they use;
 * - first-load-storefront: the storefront's own modules and the libraries
 *   they use (React DOM, React Router, the design system's components…);
 * - first-load-dashboard: the dashboard's own modules (under `dashboardDir`),
 *   without the libraries (which would then take what the storefront's roots
 *   use: React DOM's client) nor the shared modules only its first load holds
 *   (the storefront's pages import some), left to automatic chunking.
 * The storefront never loads the dashboard's code; the dashboard imports the
 * libraries it shares with the storefront from the storefront's file (and so
 * loads that file, the storefront's own modules with it: the price of the
 * storefront's first load in two files).
 * Anything else is left to automatic chunking.
 */
export function firstLoadChunks(roots: Record<App, string[]>, priority: number, dashboardDir: string) {
  let membership: Record<App, Set<string>> | null = null;
  const rootIds = new Set([...roots.storefront, ...roots.dashboard]);

  /** The apps whose first load holds this application module (none for a library or a stylesheet: the design system's has its group). */
  function appsOf(moduleId: string, context: ChunkingContext): string {
    // The roots stay where Rolldown puts them: an entry, or a module run for its side effect (the storefront's start.tsx
    // renders the app when it runs), must never be in a file the other app imports.
    if (isLibrary(moduleId) || /\.css($|\?)/.test(moduleId) || rootIds.has(moduleId)) return '';
    membership ??= { storefront: reach(context, roots.storefront), dashboard: reach(context, roots.dashboard) };
    return (['storefront', 'dashboard'] as const).filter((app) => membership?.[app].has(moduleId)).join();
  }

  const group = (name: string, rank: number, apps: string, recursive = true, only: (moduleId: string) => boolean = () => true) => ({
    debugName: name,
    priority: priority + rank,
    includeDependenciesRecursively: recursive,
    name: (moduleId: string, context: ChunkingContext) => (only(moduleId) && appsOf(moduleId, context) === apps ? name : null),
  });
  return [
    group('first-load-shared', 2, 'storefront,dashboard'),
    group('first-load-storefront', 1, 'storefront'),
    // Only the dashboard's own modules: a shared one (the server error dialog…) the storefront's pages import too would
    // make the storefront download the dashboard's first load with it.
    group('first-load-dashboard', 0, 'dashboard', false, (moduleId) => moduleId.startsWith(dashboardDir)),
  ];
}

/** Every module (libraries included) `modules` reach by static imports. */
function reachAll(context: ChunkingContext, modules: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...modules];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/**
 * A lazy page's own download in one file (`name`): the modules, libraries
 * included, that its module (`root`, an absolute path) reaches by static
 * imports and that none of the `others` pages (absolute paths) reach, and no
 * first load holds. Automatic chunking would cut it into thirty-odd small
 * files along the other pages' boundaries: on a phone over HTTP/1.1, six at a
 * time, several round trips before the page can render. What it shares with
 * the others stays in automatic chunks, so that they never download it.
 */
export function pageChunk(name: string, root: string, others: string[], priority: number) {
  let members: Set<string> | null = null;
  return {
    debugName: name,
    priority,
    includeDependenciesRecursively: false,
    name: (moduleId: string, context: ChunkingContext) => {
      if (!members) {
        const shared = reachAll(context, others);
        members = new Set([...reachAll(context, [root])].filter((id) => !shared.has(id)));
      }
      return members.has(moduleId) && !/\.css($|\?)/.test(moduleId) ? name : null;
    },
  };
}
