import { UserEdit } from '../components/user-edit';
import { UuidRoute } from '../../../components/uuid-route';

/** /user/{id}/edit, /userClient/{id}/edit, /userAdmin/{id}/edit: ids are UUIDs; anything else is not a user. */
export function Component() {
  return <UuidRoute>{(id) => <UserEdit key={id} id={id} />}</UuidRoute>;
}
