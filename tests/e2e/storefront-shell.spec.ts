// page.evaluate callbacks run in the browser: they use its globals.
/// <reference lib="dom" />
import { expect, test } from './support/storefront-test.js';
import { expectNoSeriousAxeViolations, storefrontInteractive, storefrontRenderedByTheBrowser } from './support/storefront.js';

test.describe('Given the demo retailer’s storefront', () => {
  test('When a visitor opens it, then it starts with the retailer’s branding and an anonymous token', async ({ page, request }) => {
    const config = await (await request.get('/api/white-label/config')).json();

    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Revendez votre appareil à ${config.name}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    const logo = page.getByTestId('site-logo').getByRole('img');
    await expect(logo).toHaveAttribute('src', config.logo);
    await expect(logo).toHaveAttribute('alt', config.name);
    const box = await logo.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(250);
    expect(box!.height).toBeLessThanOrEqual(50);
    const brandColor = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-color').trim());
    expect(brandColor.toLowerCase()).toBe(config.mainColor.toLowerCase());
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('storefront.anonymous-session') ?? 'null')?.accountId))
      .toBe(config.accountId);
    await expect(page).toHaveTitle(new RegExp(config.name));
  });

  test('Then its pages come rendered by the server, kept for the next visitor, and hydrated without asking for the configuration again', async ({ page, request }) => {
    test.skip(process.env.STOREFRONT_SERVER_RENDERING === 'off', 'this run renders every page in the browser');
    // Kept until the reference data changes (other journeys write some meanwhile): asked until one comes from the kept pages.
    await expect.poll(async () => (await request.get('/search')).headers()['x-storefront-render'], { timeout: 20_000 }).toBe('hit');
    const served = await (await request.get('/search')).text();
    expect(served).toMatch(/<div id="root">.*Rechercher un produit.*<\/div><script type="application\/json" id="storefront-state">/s);
    const askedForConfiguration: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/white-label/config')) askedForConfiguration.push(sent.url());
    });

    await page.goto('/search');
    await storefrontInteractive(page);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rechercher un produit');
    expect(askedForConfiguration).toEqual([]);
  });

  test('Then hydration leaves the server’s styles, colours and language where they are and inserts none of their rules again', async ({ page }) => {
    test.skip(process.env.STOREFRONT_SERVER_RENDERING === 'off', 'this run renders every page in the browser');
    // A stylesheet taken out of the page and put back, or <html>'s style or language set again, makes the browser
    // recalculate the style of every element.
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedStyles: string[] }).removedStyles = removed;
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver((records) => {
          for (const record of records) for (const node of record.removedNodes) if (node.nodeName === 'STYLE') removed.push((node as Element).outerHTML.slice(0, 80));
        }).observe(document.head, { childList: true });
        new MutationObserver((records) => {
          for (const record of records) removed.push(`<html ${record.attributeName}>`);
        }).observe(document.documentElement, { attributeFilter: ['style', 'lang'] });
      });
    });

    await page.goto('/');
    await storefrontInteractive(page);
    // A page rendered in the browser afterwards inserts its own rules, after the server's.
    await page.getByRole('link', { name: /Smartphones/ }).first().click();
    await expect(page).toHaveURL(/\/category\//);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Smartphones');

    const styles = await page.evaluate(() => {
      const server = [...document.querySelectorAll('style[data-server-styles]')];
      const serverIds = new Set((server[0]?.getAttribute('data-server-styles') ?? '').split(' '));
      const inserted = [...document.querySelectorAll('style[data-emotion="css"]')].flatMap((tag) =>
        [...((tag as HTMLStyleElement).sheet?.cssRules ?? [])].flatMap((rule) => [...rule.cssText.matchAll(/\.css-([a-z0-9]+)/g)].map((match) => match[1] as string)),
      );
      return {
        serverTags: server.length,
        serverIds: serverIds.size,
        inserted: inserted.length,
        insertedAgain: inserted.filter((id) => serverIds.has(id)),
        removed: (window as unknown as { removedStyles: string[] }).removedStyles,
      };
    });
    expect(styles.serverTags).toBe(1);
    expect(styles.serverIds).toBeGreaterThan(10);
    expect(styles.removed).toEqual([]);
    expect(styles.inserted).toBeGreaterThan(0);
    expect(styles.insertedAgain).toEqual([]);
  });

  test('When the visitor types a search while the page is still loading its scripts, then what they typed is searched', async ({ page }) => {
    test.skip(process.env.STOREFRONT_SERVER_RENDERING === 'off', 'this run renders every page in the browser');
    // The server-rendered page paints, then asks for its scripts (ui/public/storefront-after-paint.js): React's is held
    // until the visitor has typed, so the page is hydrated with the text already in the field.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const scriptsAsked: string[] = [];
    await page.route(/\/assets\/react-[^/]+\.js$/, async (route) => {
      scriptsAsked.push(route.request().url());
      await held;
      await route.continue();
    });
    // Not page.goto, which waits for the hydration (support/storefront-test.ts).
    await page.mainFrame().goto(new URL('/', test.info().project.use.baseURL).href);
    const field = page.getByRole('searchbox', { name: 'Quel appareil souhaitez-vous revendre ?' });
    await field.fill('galaxy');
    await expect.poll(() => scriptsAsked.length).toBeGreaterThan(0);
    await expect(page.locator('html[data-interactive]')).toHaveCount(0);
    release();
    await storefrontInteractive(page);

    await expect(field).toHaveValue('galaxy');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/results\?q=galaxy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Résultats pour « galaxy »');
  });

  test('When the stored anonymous token is refused, then a new one is obtained and the catalogue still answers', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('storefront.anonymous-session'))).not.toBeNull();
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('storefront.anonymous-session') as string);
      localStorage.setItem('storefront.anonymous-session', JSON.stringify({ ...session, token: 'revoked-token-000000000000' }));
    });

    // The search asked by the browser (the server renders a page with its results already: no call with the token).
    await page.goto('/search');
    await storefrontInteractive(page);
    await page.getByRole('searchbox').first().fill('iphone');
    await page.getByRole('searchbox').first().press('Enter');

    await expect(page).toHaveURL(/\/results\?q=iphone$/);
    await expect(page.getByTestId('product-count')).toContainText('produits');
    const renewed = await page.evaluate(() => JSON.parse(localStorage.getItem('storefront.anonymous-session') as string).token);
    expect(renewed).not.toBe('revoked-token-000000000000');
  });

  test('When the configuration does not load, then the visitor lands on /not-available and can try again', async ({ page }) => {
    // As the server sends a page when its own render could not read the configuration: unrendered, the browser asks for it.
    await storefrontRenderedByTheBrowser(page);
    await page.route('**/api/white-label/config', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL_ERROR","message":"boom"}' }));
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });

    await page.goto('/results?q=iphone');

    await expect(page).toHaveURL(/\/not-available$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site momentanément indisponible');
    // The page of a failed start-up renders without React Router's warning about a missing HydrateFallback.
    expect(warnings.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
    await page.goto('/not-available');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site momentanément indisponible');
    expect(warnings.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
    await page.unroute('**/api/white-label/config');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Revendez votre appareil');
  });

  test('When the visitor picks another language, then the texts change and the choice survives a reload', async ({ page }) => {
    await page.goto('/');
    const language = page.getByRole('combobox', { name: 'Langue' });

    await language.selectOption('en-GB');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell your device to Demo Retail');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell your device to Demo Retail');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('nl-BE');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verkoop uw toestel aan Demo Retail');
    await page.getByRole('combobox', { name: 'Taal' }).selectOption('de-DE');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verkaufen Sie Ihr Gerät an Demo Retail');
    await expect(page.getByRole('link', { name: 'Nutzungsbedingungen' })).toBeVisible();
  });

  test('Then each page describes itself (meta description), again after each navigation and in the language chosen', async ({ page }) => {
    const description = page.locator('meta[name="description"]');
    await page.goto('/');
    // The home's own is the retailer's, from its home page configuration (the demo's is on).
    const home = (await (await page.request.get('/api/white-label/home-page')).json()) as { enabled: boolean; metaDescription: string };
    expect(home.enabled).toBe(true);
    await expect(description).toHaveAttribute('content', home.metaDescription);
    await expect(description).toHaveCount(1);

    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Rechercher un produit' }).click();
    await expect(description).toHaveAttribute('content', /^Recherchez votre appareil par nom, marque, modèle ou code EAN .* chez Demo Retail\.$/);

    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Catégories' }).click();
    await page.getByRole('link', { name: 'Smartphones' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smartphones');
    await expect(description).toHaveAttribute('content', /^Smartphones : les appareils que Demo Retail reprend/);

    await page.getByRole('combobox', { name: 'Langue' }).selectOption('en-GB');
    await expect(description).toHaveAttribute('content', /^Smartphones: the devices Demo Retail buys back/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ and contact' }).click();
    await expect(description).toHaveAttribute('content', 'Frequently asked questions about trading in a device with Demo Retail, and how to contact us.');
    await expect(description).toHaveCount(1);
  });

  test('Then search engines get a robots.txt naming the sitemap, and a sitemap of the public pages with absolute addresses', async ({ request, baseURL }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual(expect.arrayContaining([`${baseURL}/`, `${baseURL}/search`, `${baseURL}/categories`, `${baseURL}/faq`]));
    expect(locations.some((location) => /\/category\/[0-9a-f-]+\/smartphones$/.test(location ?? ''))).toBe(true);
  });

  test('Then the footer links to the legal pages, each with its one title, and the accessibility statement only when configured', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Demo Retail`);
    await expect(footer.getByTestId('provider-link')).toBeVisible();
    await expect(footer.getByTestId('release-label')).toHaveText('Version 2025-r32-6');
    await expect(footer.getByRole('link', { name: /accessibilité/ })).toHaveCount(0);

    const pages: Array<[string, RegExp, string]> = [
      ["Conditions générales d'utilisation", /\/cgu$/, "Conditions générales d'utilisation"],
      ['Conditions générales de service', /\/cgs$/, 'Conditions générales de service'],
      ['FAQ et contact', /\/faq$/, 'FAQ et contact'],
      ['Politique de cookies', /\/cookies-policy$/, 'Politique de cookies'],
    ];
    for (const [link, url, title] of pages) {
      await footer.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    }
    // The retailer's own terms of use, as written in its settings (paragraphs of plain text); its terms of service besides.
    await page.goto('/cgu');
    await expect(page.getByTestId('configured-text')).toContainText('Article 2 – Estimation.');
    await expect(page.getByTestId('configured-text').locator('p')).toHaveCount(4);
    // A page the retailer has not written says so rather than showing made-up text (the demo retailer wrote it: faked, built by the browser).
    await storefrontRenderedByTheBrowser(page);
    await page.route('**/api/white-label/legal/terms-of-service*', (route) => route.fulfill({ json: { page: 'terms-of-service', text: null, pdfUrl: null } }));
    await page.goto('/cgs');
    await expect(page.getByTestId('not-published')).toContainText("Demo Retail n'a pas encore publié");
    // Not configured for the demo retailer: the statement page answers not-found.
    await page.goto('/accessibility-statement');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  });

  test('When the retailer configured an accessibility statement and turned category search off, then the footer links the statement and /categories is not found', async ({ page }) => {
    const statement = 'Ce site est partiellement conforme au RGAA 4.1.\n\nContact : accessibilite@demo-retail.example';
    // This configuration is this page's alone (the other journeys run beside it): faked, so its pages are built by the browser.
    await storefrontRenderedByTheBrowser(page);
    await page.route('**/api/white-label/config', async (route) => {
      const response = await route.fetch();
      const config = await response.json();
      await route.fulfill({ response, json: { ...config, accessibilityStatement: statement, categoryNavigationEnabled: false } });
    });

    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Catégories' })).toHaveCount(0);
    await page.getByRole('contentinfo').getByRole('link', { name: "Déclaration d'accessibilité" }).click();

    await expect(page).toHaveURL(/\/accessibility-statement$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Déclaration d'accessibilité");
    await expect(page.getByTestId('configured-text')).toContainText('partiellement conforme au RGAA 4.1');
    await expect(page.getByTestId('configured-text').locator('p')).toHaveCount(2);

    await page.goto('/categories');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  });

  test('Then the back-to-website link shows on the pages the specification lists, and only there', async ({ page }) => {
    for (const path of ['/', '/search', '/results?q=ipad', '/stores', '/cookies-policy']) {
      await page.goto(path);
      await expect(page.getByTestId('back-to-client-website'), path).toHaveAttribute('href', 'https://www.demo-retail.example');
    }
    for (const path of ['/cgu', '/faq', '/categories', '/estimate-error']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('back-to-client-website'), path).toHaveCount(0);
    }
  });

  test('Then the documents page says where to open it from, /404 is a not-found page, and an unknown path goes home', async ({ page }) => {
    // Without a registration of this tab (nor a documents link), the documents page says where to open it from.
    await page.goto('/buyback-confirmation-docs');
    await expect(page.getByTestId('confirmation-docs-unknown')).toContainText('ouvrez cette page depuis la confirmation');
    await page.goto('/estimate-error');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Estimation impossible');
    await page.goto('/404');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');

    await page.goto('/no/such/page');

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Revendez votre appareil');
  });

  test('Then the home page has no serious accessibility violation, and a keyboard user can skip to the content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);

    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Aller au contenu principal' })).toBeFocused();

    await expectNoSeriousAxeViolations(page);
  });
});

test.describe('Given a visitor on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('When they open the home page, then it fits the screen, the logo is small and the menu folds into a button', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await storefrontInteractive(page);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const logo = await page.getByTestId('site-logo').getByRole('img').boundingBox();
    expect(logo!.width).toBeLessThanOrEqual(150);
    expect(logo!.height).toBeLessThanOrEqual(30);
    await expect(page.getByRole('link', { name: 'Rechercher un produit' })).toBeHidden();

    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.getByTestId('mobile-menu').getByRole('link', { name: 'Catégories' }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByTestId('mobile-menu')).toHaveCount(0);

    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Quel appareil souhaitez-vous revendre ?' }).fill('galaxy');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/results\?q=galaxy$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousAxeViolations(page);
  });
});
