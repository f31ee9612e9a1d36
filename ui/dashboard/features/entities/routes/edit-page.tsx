import { EntityEdit } from '../components/entity-edit';
import { UuidRoute } from '../../../components/uuid-route';

/** /entity/{id}/edit: ids are UUIDs; anything else is not an entity. */
export function Component() {
  return <UuidRoute>{(id) => <EntityEdit key={id} id={id} />}</UuidRoute>;
}
