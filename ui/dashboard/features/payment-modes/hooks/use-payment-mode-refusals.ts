import { useFormRefusals } from '../../../hooks/use-form-refusals';
import { formFieldOf, type PaymentModeProblems } from '../form-model';

/** The API's refusals of the form (`useFormRefusals`): the bonus refused without the premium feature at the bonus. */
export function usePaymentModeRefusals() {
  return useFormRefusals<keyof PaymentModeProblems & string>(formFieldOf, { PAYMENT_BONUS_NOT_ENABLED: 'modifier' });
}
