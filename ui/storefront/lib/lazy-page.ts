import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

type PageModule = Record<string, unknown>;

/**
 * A lazily loaded page: its module is fetched on the first visit, so the
 * first load carries only the shell. `name` is the component's export.
 * `texts` are the namespaces the page needs beyond the first load's
 * (app/locale-bundles/fr-FR.ts): in the browser they load with the module, in
 * parallel, so that the page renders (or hydrates) without suspending; the
 * server rendering has every text already.
 */
export function lazyPage<M extends PageModule>(
  load: () => Promise<M>,
  name: keyof M & string = 'Component',
  texts: readonly string[] = [],
): Pick<RouteObject, 'lazy'> {
  return { lazy: () => Promise.all([load(), loadTexts(texts)]).then(([module]) => ({ Component: module[name] as ComponentType })) };
}

async function loadTexts(namespaces: readonly string[]): Promise<void> {
  if (namespaces.length === 0 || typeof document === 'undefined') return;
  const { storefrontTexts } = await import('../app/start-up');
  await (await storefrontTexts()).loadNamespaces([...namespaces]);
}
