import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { ClientEdit } from '../components/client-edit';
import { UUID } from '../paths';

/** /client/{organizationId}/edit: the client's account id (a UUID); anything else is not a client. */
export function Component() {
  const { organizationId = '' } = useParams();
  if (!UUID.test(organizationId)) return <NotFound />;
  return <ClientEdit key={organizationId} id={organizationId} />;
}
