import type { PasswordLinkView } from '@server/application/organizations/passwords/password-views';
import { useMutation, useQuery } from '@tanstack/react-query';
import { passwordLinkKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

/** POST /api/password/renew: the same 202 whether the e-mail belongs to a user or not. */
export function renewPassword(email: string): Promise<void> {
  return api.post('/password/renew', { email }).then(() => undefined);
}

export function useRenewPassword() {
  return useMutation({ mutationFn: renewPassword });
}

/** GET /api/password/new/{token}: 404 PASSWORD_LINK_INVALID, 410 PASSWORD_LINK_EXPIRED, 403 AUTH_SSO_REQUIRED. */
export function getPasswordLink(token: string): Promise<PasswordLinkView> {
  return api.get<PasswordLinkView>(`/password/new/${encodeURIComponent(token)}`);
}

export function usePasswordLink(token: string) {
  return useQuery({ queryKey: passwordLinkKeys.detail(token), queryFn: () => getPasswordLink(token), retry: false, enabled: token.length > 0 });
}

export interface NewPassword {
  password: string;
  repeat: string;
  acceptTerms?: boolean;
}

/** POST /api/password/new/{token}: sets the password once; answers the e-mail to log in with. */
export function setPassword(token: string, body: NewPassword): Promise<{ email: string }> {
  return api.post<{ email: string }>(`/password/new/${encodeURIComponent(token)}`, body).then((response) => response.data);
}

export function useSetPassword(token: string) {
  return useMutation({ mutationFn: (body: NewPassword) => setPassword(token, body) });
}
