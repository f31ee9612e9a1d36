import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { ProductEdit } from '../components/product-edit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /product/{id}/edit: ids are UUIDs; anything else is not a product. */
export function Component() {
  const { id = '' } = useParams();
  if (!UUID.test(id)) return <NotFound />;
  return <ProductEdit key={id} id={id} />;
}
