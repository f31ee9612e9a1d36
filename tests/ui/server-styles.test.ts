import { Global } from '@emotion/react';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ComponentType, ReactNode } from 'react';

// Chakra and the UI's modules (the bundler's resolution, JSX) loaded untyped: the root type check resolves packages
// for Node, not as the bundler does (as in design-system-build.test.ts).
type Component = ComponentType<Record<string, unknown>>;
const chakraModule = '@chakra-ui/react';
const systemModule = '../../ui/shared/theme/system.js';
const serverStylesModule = '../../ui/storefront/app/server-styles.js';
const { Box, Button, ChakraProvider } = (await import(chakraModule)) as { Box: Component; Button: Component; ChakraProvider: Component };
const { designSystem } = (await import(systemModule)) as { designSystem: (app: 'storefront') => unknown };
const { serverStyles } = (await import(serverStylesModule)) as { serverStyles: () => { wrap(element: ReactNode): ReactNode; tags(html: string): string } };

/** The server's page of a few Chakra components and a global style, with its styles' tags for the head. */
function renderPage() {
  const styles = serverStyles();
  const body = renderToString(
    styles.wrap(
      h(ChakraProvider, { value: designSystem('storefront') }, h(Global, { styles: { 'html.test-global': { scrollbarGutter: 'stable' } } }), h(Box, { p: 4, color: 'fg.muted' }, h(Button, { colorPalette: 'brand' }, 'Go'))),
    ),
  );
  return { body, head: styles.tags(body) };
}

describe('the styles of a server-rendered storefront page (ui/storefront/app/server-styles.tsx)', () => {
  it('Given Chakra components and a global style, Then the HTML holds no <style>, and the head has a rule for every class the HTML names', () => {
    const { body, head } = renderPage();

    expect(body).not.toContain('<style');
    const classes = [...new Set([...body.matchAll(/\bcss-([a-z0-9]+)/g)].map((m) => m[1] as string))];
    expect(classes.length).toBeGreaterThan(1);
    // Our attribute, not Emotion's: an Emotion cache would move a tag of its own to the end of the head (ui/storefront/app/browser-styles.ts).
    const tag = /<style data-server-styles="([a-z0-9 ]+)">([\s\S]*?)<\/style>/.exec(head);
    expect(tag).not.toBeNull();
    // The browser's cache reads the ids listed as inserted already: every class of the page must be among them.
    expect(tag?.[1]?.split(' ').sort()).toEqual(classes.sort());
    for (const id of classes) expect(tag?.[2]).toContain(`.css-${id}`);
  });

  it('Given a global style, Then it comes before the classes, in a tag of its own that Emotion leaves where it is (data-s)', () => {
    const { head } = renderPage();

    const globalAt = head.search(/<style data-emotion="css-global [a-z0-9]+" data-s="">[^<]*html\.test-global/);
    expect(globalAt).toBeGreaterThanOrEqual(0);
    expect(globalAt).toBeLessThan(head.indexOf('<style data-server-styles="'));
    expect(head).not.toContain('<style data-emotion="css ');
  });
});
