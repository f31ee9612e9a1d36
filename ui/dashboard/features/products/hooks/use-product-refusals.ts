import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { useFormRefusals } from '../../../hooks/use-form-refusals';
import { formFieldOf, type ProductField } from '../form-model';

/** The API's refusals of the form (`useFormRefusals`), and the text of one (a picture's). */
export function useProductRefusals() {
  const refusals = useFormRefusals<ProductField>(formFieldOf);
  const text = useApiErrorText();
  return { ...refusals, textOf: (error: unknown) => text(error) };
}
