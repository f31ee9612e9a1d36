import { UserCreate } from '../components/user-create';

/** /userAdmin/create: a new admin user (provider staff), bound to no retailer. */
export function Component() {
  return <UserCreate admin />;
}
