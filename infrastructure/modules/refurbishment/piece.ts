import type { DependencyContainer } from 'tsyringe';
import type { PlatformModule } from '../platform-module.js';

/**
 * One feature's share of the refurbishment manifest (step definitions,
 * diagnosis, item refurb steps, economics): each wiring file exports one,
 * and `module.ts` merges them, so the features never edit one file.
 */
export type RefurbPiece = Partial<Pick<PlatformModule, 'projections' | 'permissions' | 'errors' | 'menu' | 'demoData' | 'demoActivity' | 'register' | 'processManagers'>> & {
  routes?(container: DependencyContainer): ReturnType<PlatformModule['routes']>;
};

/** The manifest of the pieces, merged in their order (demo activity run one after the other). */
export function mergePieces(pieces: readonly RefurbPiece[]): Omit<PlatformModule, 'name' | 'streams' | 'texts'> {
  return {
    projections: pieces.flatMap((p) => p.projections ?? []),
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
    routes: (container) => pieces.flatMap((p) => p.routes?.(container) ?? []),
  };
}
