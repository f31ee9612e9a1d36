import { UserCreate } from '../components/user-create';

/** /user/create and /userClient/create: a new client user (a retailer's staff) with their modules. */
export function Component() {
  return <UserCreate admin={false} />;
}
