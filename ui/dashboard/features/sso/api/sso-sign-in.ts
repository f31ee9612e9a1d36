import type { LoginView } from '@server/application/organizations/organization-views';
import type { SsoLogoutView } from '@server/application/organizations/sso/sso-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ErrorBody } from '../../../../shared/api/client';
import { api, markSessionConfirmed } from '../../../lib/api-client';
import { dashboardI18n } from '../../../lib/i18n';
import { meQueryOptions, type Me } from '../../../lib/auth';
import { sessionStore } from '../../../lib/session';

export interface CallbackAnswer {
  code: string;
  state: string;
  iss?: string;
}

function isProfile(user: LoginView['user']): user is Me {
  return 'permissions' in user && Array.isArray(user.permissions);
}

/** A user signed in by their organization who has no permission anywhere may not work here (specification 002, section 4). */
export class SsoNoAccessError extends Error {
  constructor() {
    super('no permission');
    this.name = 'SsoNoAccessError';
  }
}

/**
 * POST /api/open-id/{organizationId}/callback with what the provider sent
 * back: the session it answers is kept as a password login's.
 */
export function useFinishSsoSignIn(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answer: CallbackAnswer) => {
      // Plain fetch: a refusal here is the page's to show, not the app's session or server-error modals.
      const response = await fetch(`/api/open-id/${encodeURIComponent(organizationId)}/callback`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': dashboardI18n.current?.language ?? 'fr-FR' },
        body: JSON.stringify(answer),
      });
      const body = (await response.json().catch(() => null)) as (LoginView & ErrorBody) | null;
      if (!response.ok || !body) throw new ApiError(response.status, body?.code ?? `HTTP_${response.status}`, body?.message ?? response.statusText, body?.details);
      const session: LoginView = body;
      if (!isProfile(session.user) || session.user.permissions.length === 0) {
        await fetch('/api/logout', { method: 'POST', headers: { Authorization: `Bearer ${session.token}` } }).catch(() => undefined);
        throw new SsoNoAccessError();
      }
      return { token: session.token, me: session.user };
    },
    onSuccess: ({ token, me }) => {
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions(me.currentModule).queryKey, me);
      sessionStore.set({ token, module: me.currentModule });
      markSessionConfirmed(true);
    },
  });
}

/** GET /api/open-id/logout: the identity provider's end-session URL of this session, or null. */
export function ssoLogoutUrl(): Promise<string | null> {
  return api.get<SsoLogoutView>('/open-id/logout').then((answer) => answer.url);
}
