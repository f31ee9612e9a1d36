import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { EntityEdit } from '../components/entity-edit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /entity/{id}/edit: ids are UUIDs; anything else is not an entity. */
export function Component() {
  const { id = '' } = useParams();
  if (!UUID.test(id)) return <NotFound />;
  return <EntityEdit key={id} id={id} />;
}
