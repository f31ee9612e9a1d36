import { useFormRefusals } from '../../../hooks/use-form-refusals';
import { formFieldOf, type UserProblems } from '../form-model';

/** The API's refusals of the form (`useFormRefusals`): an e-mail another user has at the e-mail. */
export function useUserRefusals() {
  return useFormRefusals<keyof UserProblems & string>(formFieldOf, { USER_EMAIL_TAKEN: 'email' });
}
