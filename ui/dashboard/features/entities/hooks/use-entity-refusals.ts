import { useFormRefusals } from '../../../hooks/use-form-refusals';
import { formFieldOf, type EntityProblems } from '../form-model';

/** The API's refusals of the form (`useFormRefusals`): a taken external id at the external id. */
export function useEntityRefusals() {
  return useFormRefusals<keyof EntityProblems & string>(formFieldOf, { ENTITY_EXTERNAL_ID_TAKEN: 'externalId' });
}
