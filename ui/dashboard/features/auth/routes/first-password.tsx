import { useSearchParams } from 'react-router';
import { PasswordLinkPage } from '../components/password-link-page';

/** /new/password?token=: the invitation e-mail's link, to set a first password and accept the terms. */
export function Component() {
  const [search] = useSearchParams();
  return <PasswordLinkPage token={search.get('token') ?? ''} />;
}
