import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { RuleEdit } from '../components/rule-edit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /warehouse-dispatch-rule/{id}: ids are UUIDs; anything else is not a rule. */
export function Component() {
  const { id = '' } = useParams();
  if (!UUID.test(id)) return <NotFound />;
  return <RuleEdit key={id} id={id} />;
}
