import type { LoginView } from '@server/application/organizations/organization-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { markSessionConfirmed } from '../../../lib/api-client';
import { meQueryOptions, type Me } from '../../../lib/auth';
import { sessionStore } from '../../../lib/session';

export interface Credentials {
  email: string;
  password: string;
}

/** POST /api/login: a bearer token and the user's profile in their first module (only id and e-mail when they have none to work in). */
export function login(credentials: Credentials): Promise<LoginView> {
  return api.post<LoginView>('/login', credentials).then((response) => response.data);
}

/** A user without any permission in any module may not work in the dashboard (specification 002, section 4). */
export class NoAccessError extends Error {
  constructor() {
    super('no permission');
    this.name = 'NoAccessError';
  }
}

function isProfile(user: LoginView['user']): user is Me {
  return 'permissions' in user && Array.isArray(user.permissions);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials) => {
      const answer = await login(credentials);
      if (!isProfile(answer.user) || answer.user.permissions.length === 0) {
        // Signed in but nowhere to work: end that session at once.
        await fetch('/api/logout', { method: 'POST', headers: { Authorization: `Bearer ${answer.token}` } }).catch(() => undefined);
        throw new NoAccessError();
      }
      return { token: answer.token, me: answer.user };
    },
    onSuccess: ({ token, me }) => {
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions(me.currentModule).queryKey, me);
      sessionStore.set({ token, module: me.currentModule });
      markSessionConfirmed(true);
    },
  });
}
