import { UuidRoute } from '../../../components/uuid-route';
import { EditionForm } from '../components/edition-form';

/** /buyback/{id}/edit: ids are UUIDs; anything else is not a buyback. */
export function Component() {
  return <UuidRoute>{(id) => <EditionForm key={id} id={id} />}</UuidRoute>;
}
