import { useFormRefusals } from '../../../hooks/use-form-refusals';
import { fieldOfPath, fieldOfRefusal, type ConfigurationField, type PropertyField } from '../form-model';

/**
 * The API's refusals of a configuration's form (the shared form refusals):
 * each field its validation names (a property by its index in the body
 * sent), and the refusals that belong to one field (a taken name, the invalid
 * property, a second active configuration) at that field.
 */
export function useConfigurationRefusals(fields: readonly PropertyField[]) {
  return useFormRefusals<ConfigurationField, ReadonlyArray<{ name: string }>>(
    (path, sent) => fieldOfPath(path, sent ?? [], fields),
    (error) => fieldOfRefusal({ code: error.code, details: error.details, fields: error.fields }, fields),
  );
}
