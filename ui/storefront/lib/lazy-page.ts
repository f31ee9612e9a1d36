import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

type PageModule = Record<string, unknown>;

/**
 * A lazily loaded page: its module is fetched on the first visit, so the
 * first load carries only the shell. `name` is the component's export.
 */
export function lazyPage<M extends PageModule>(load: () => Promise<M>, name: keyof M & string = 'Component'): Pick<RouteObject, 'lazy'> {
  return { lazy: () => load().then((module) => ({ Component: module[name] as ComponentType })) };
}
