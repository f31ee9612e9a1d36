import type { DependencyContainer } from 'tsyringe';
import type { PlatformModule } from './platform-module.js';

/**
 * One feature's share of a part's manifest (the refurbishment's step
 * definitions, diagnosis, steps and economics; the settings' design, home
 * page, general settings and statistics): each wiring file exports one, and
 * the part's `module.ts` merges them, so the features never edit one file.
 */
export type ModulePiece = Partial<
  Pick<PlatformModule, 'projections' | 'permissions' | 'errors' | 'menu' | 'demoData' | 'demoActivity' | 'register' | 'processManagers' | 'workers' | 'referenceCollections' | 'ownCollections'>
> & {
  routes?(container: DependencyContainer): ReturnType<PlatformModule['routes']>;
};

/** The manifest of the pieces, merged in their order (demo activity run one after the other). */
export function mergePieces(pieces: readonly ModulePiece[]): Omit<PlatformModule, 'name' | 'streams' | 'texts'> {
  return {
    projections: pieces.flatMap((p) => p.projections ?? []),
    referenceCollections: pieces.flatMap((p) => p.referenceCollections ?? []),
    ownCollections: pieces.flatMap((p) => p.ownCollections ?? []),
    permissions: Object.assign({}, ...pieces.map((p) => p.permissions ?? {})),
    errors: Object.assign({}, ...pieces.map((p) => p.errors ?? {})),
    menu: pieces.flatMap((p) => p.menu ?? []),
    demoData: (context) => pieces.flatMap((p) => p.demoData?.(context) ?? []),
    async demoActivity(context) {
      for (const piece of pieces) await piece.demoActivity?.(context);
    },
    register(container) {
      for (const piece of pieces) piece.register?.(container);
    },
    processManagers: (container) => pieces.flatMap((p) => p.processManagers?.(container) ?? []),
    workers: (container) => pieces.flatMap((p) => p.workers?.(container) ?? []),
    routes: (container) => pieces.flatMap((p) => p.routes?.(container) ?? []),
  };
}
