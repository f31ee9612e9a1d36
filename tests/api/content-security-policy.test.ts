import { describe, expect, it } from 'vitest';
import { DEFAULT_TAG_MANAGER_URL, loadConfig } from '../../infrastructure/config.js';
import { contentSecurityPolicy } from '../../infrastructure/http/ui-static.js';

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

describe('Given the tag manager the storefront loads after consent (TAG_MANAGER_URL)', () => {
  it('When none is configured, Then Google Tag Manager’s script is loaded, and its collectors may be reached', () => {
    expect(loadConfig({}).tagManagerUrl).toBe(DEFAULT_TAG_MANAGER_URL);
    const policy = contentSecurityPolicy(DEFAULT_TAG_MANAGER_URL);
    expect(directive(policy, 'script-src')).toBe("script-src 'self' https://www.googletagmanager.com https://static.axept.io");
    expect(directive(policy, 'connect-src')).toContain('https://*.google-analytics.com');
    expect(directive(policy, 'script-src')).not.toContain('unsafe');
  });

  it('When another is configured, Then only its origin is added to the scripts and connections (no Google collector)', () => {
    const url = loadConfig({ TAG_MANAGER_URL: 'http://127.0.0.1:4555/gtm.js' }).tagManagerUrl;
    expect(url).toBe('http://127.0.0.1:4555/gtm.js');
    const policy = contentSecurityPolicy(url);
    expect(directive(policy, 'script-src')).toBe("script-src 'self' http://127.0.0.1:4555 https://static.axept.io");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' http://127.0.0.1:4555 https://client.axept.io https://api.axept.io");
  });

  it.each(['javascript:alert(1)', 'not a url', 'ftp://example.com/gtm.js'])('When it is %s, Then the server refuses to start with the reason', (value) => {
    expect(() => loadConfig({ TAG_MANAGER_URL: value })).toThrow(/TAG_MANAGER_URL must be an http\(s\) address/);
  });
});
