import { useParams } from 'react-router';
import { PasswordLinkPage } from '../components/password-link-page';

/** /renew/:token: the lost-password e-mail's link. */
export function Component() {
  const { token = '' } = useParams();
  return <PasswordLinkPage token={token} />;
}
