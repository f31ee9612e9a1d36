import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { UserEdit } from '../components/user-edit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /user/{id}/edit, /userClient/{id}/edit, /userAdmin/{id}/edit: ids are UUIDs; anything else is not a user. */
export function Component() {
  const { id = '' } = useParams();
  if (!UUID.test(id)) return <NotFound />;
  return <UserEdit key={id} id={id} />;
}
