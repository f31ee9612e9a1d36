import { ProductEdit } from '../components/product-edit';
import { UuidRoute } from '../../../components/uuid-route';

/** /product/{id}/edit: ids are UUIDs; anything else is not a product. */
export function Component() {
  return <UuidRoute>{(id) => <ProductEdit key={id} id={id} />}</UuidRoute>;
}
