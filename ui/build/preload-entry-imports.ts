import type { Plugin } from 'vite';

interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  moduleIds: string[];
}

/**
 * Vite plugin: an HTML page preloads, besides what its entry script imports
 * statically (Vite links those itself), the modules the entry script imports
 * dynamically as soon as it runs, with everything they import statically.
 * Without it, those downloads would start only once the entry script has
 * arrived and run: one more round trip before the application downloads.
 *
 * `pages` maps an HTML page (path from the Vite root, e.g. `index.html`) to
 * those modules (absolute paths), in the order their files should be requested.
 */
export function preloadEntryImports(pages: Record<string, string[]>): Plugin {
  let base = '/';
  return {
    name: 'trade-in:preload-entry-imports',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const modules = pages[context.path.replace(/^\//, '')];
        if (!modules || !context.bundle) return;
        const bundle = context.bundle as Record<string, BuiltChunk | { type: 'asset' }>;
        const chunks = Object.values(bundle).filter((output): output is BuiltChunk => output.type === 'chunk');
        const files: string[] = [];
        const add = (file: string) => {
          if (files.includes(file) || html.includes(`"${base}${file}"`)) return;
          files.push(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) add(imported);
        };
        for (const module of modules) {
          const chunk = chunks.find((candidate) => candidate.moduleIds.includes(module));
          if (!chunk) throw new Error(`preloadEntryImports: no chunk holds ${module} (is it still imported by the entry of ${context.path}?)`);
          add(chunk.fileName);
        }
        return files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}
