import { expect, test as base, type Page } from '@playwright/test';

/**
 * Playwright's `test` for the storefront's specs: after `page.goto` and
 * `page.reload` to a storefront page, it waits until the page answers to the
 * visitor (`<html data-interactive>`, set once hydrated: ui/storefront/app/start.tsx).
 * A server-rendered page shows at once but asks for its scripts only once it
 * has painted (ui/public/storefront-after-paint.js): on a loaded machine, a
 * click or a key before hydration does only what the browser itself does with
 * it (a link's full load, a form's native submission), not what the spec
 * means to test. A spec that looks at the page before hydration goes through
 * `page.mainFrame().goto`, which does not wait.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    interactiveAfterLoads(page);
    await use(page);
  },
});

export { expect };

/** Makes `page.goto` and `page.reload` wait for the storefront's hydration (not for the dashboard, the API or files). */
export function interactiveAfterLoads(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilInteractive(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await untilInteractive(page);
    return response;
  };
}

async function untilInteractive(page: Page): Promise<void> {
  const { pathname } = new URL(page.url());
  if (/^\/(api|dashboard|assets)(\/|$)/.test(pathname) || /\.[a-z]+$/.test(pathname)) return;
  await expect(page.locator('html[data-interactive]')).toHaveCount(1, { timeout: 30_000 });
}
