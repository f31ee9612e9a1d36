import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { CategoryEdit } from '../components/category-edit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /category/{id}/edit: ids are UUIDs; anything else is not a category. */
export function Component() {
  const { id = '' } = useParams();
  if (!UUID.test(id)) return <NotFound />;
  return <CategoryEdit key={id} id={id} />;
}
