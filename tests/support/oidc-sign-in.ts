/**
 * A user signing in at a real identity provider (oidc-provider, started by
 * scripts/dev-idp.ts) without a browser: follows its redirects with its
 * cookies, fills its login page, and stops at the redirect to the
 * dashboard's callback page, whose URL carries the code, state and iss.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  let url = authorizationUrl;
  let form: string | undefined;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, {
      method: form === undefined ? 'GET' : 'POST',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(form === undefined ? {} : { body: form }),
    });
    remember(response);
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location') ?? '', url);
      if (next.pathname.endsWith('/callback')) return next;
      url = next.href;
      form = undefined;
      continue;
    }
    const html = await response.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status}: ${html.slice(0, 400)}`);
    form = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any password' }).toString()
      : new URLSearchParams({ prompt: 'consent' }).toString();
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
  }
  throw new Error('the provider never sent the browser back');
}

/** What the dashboard's callback page posts: the provider's answer read from its URL. */
export function callbackBody(callback: URL): { code: string; state: string; iss?: string } {
  const iss = callback.searchParams.get('iss');
  return { code: callback.searchParams.get('code') ?? '', state: callback.searchParams.get('state') ?? '', ...(iss ? { iss } : {}) };
}
