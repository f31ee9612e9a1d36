import { expect, test } from '@playwright/test';

test.describe('Given the server with both applications built', () => {
  test('When a visitor opens /, then the storefront is served with its security policy', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.locator('#root')).not.toBeEmpty();
  });

  test('When staff open a deep dashboard link, then the dashboard application answers it', async ({ request }) => {
    const response = await request.get('/dashboard/buybacks');
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('/assets/dashboard-');
  });

  test('When an unknown API path is asked, then the API answers, not an application page', async ({ request }) => {
    const response = await request.get('/api/nothing-here');
    expect(response.status()).toBe(404);
    expect((await response.json()).code).toBe('NOT_FOUND');
  });
});
