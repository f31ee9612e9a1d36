import { CategoryEdit } from '../components/category-edit';
import { UuidRoute } from '../../../components/uuid-route';

/** /category/{id}/edit: ids are UUIDs; anything else is not a category. */
export function Component() {
  return <UuidRoute>{(id) => <CategoryEdit key={id} id={id} />}</UuidRoute>;
}
