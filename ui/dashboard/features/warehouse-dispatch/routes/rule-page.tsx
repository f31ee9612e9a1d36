import { RuleEdit } from '../components/rule-edit';
import { UuidRoute } from '../../../components/uuid-route';

/** /warehouse-dispatch-rule/{id}: ids are UUIDs; anything else is not a rule. */
export function Component() {
  return <UuidRoute>{(id) => <RuleEdit key={id} id={id} />}</UuidRoute>;
}
