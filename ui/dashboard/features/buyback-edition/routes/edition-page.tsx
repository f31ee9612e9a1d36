import { UuidRoute } from '../../../components/uuid-route';
import { EditionConfirm } from '../components/edition-confirm';

/** /buyback/{id}/edition: the review and confirmation of the changes the form made. */
export function Component() {
  return <UuidRoute>{(id) => <EditionConfirm key={id} id={id} />}</UuidRoute>;
}
