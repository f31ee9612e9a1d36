import { describe, expect, it } from 'vitest';
import { RELEASE_LABEL } from '../../ui/shared/format/release.js';

/** The dashboard's module reads Vite's variables (import.meta.env): loaded untyped, as the root type check knows none. */
const dashboardReleaseModule = '../../ui/dashboard/app/release.js';

describe('Given the footers of the storefront and the dashboard', () => {
  it('Then both show the specification’s release label, not the npm package version', async () => {
    const { RELEASE } = (await import(dashboardReleaseModule)) as { RELEASE: string };
    expect(RELEASE_LABEL).toBe('2025-r32-6');
    expect(RELEASE).toBe(RELEASE_LABEL);
  });
});
