import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ScanCodeField, selectForNext } from '../scan-code-field';
import { readItemCode, type CodeProblem } from './read-item-code';

export { selectForNext } from '../scan-code-field';

interface ItemCodeFormProps {
  /** The feature's namespace, with `code.label`, `code.help`, `code.submit` and `code.submitting`. */
  ns: string;
  /** A code that passed the domain's rule: the screen asks the API. The field is ready for the next code once it settles. */
  onCode(code: string): Promise<unknown> | void;
  pending: boolean;
  /** The API's refusal of the code itself (not recognised, malformed), shown at the field. */
  problem: CodeProblem | null;
  /** The field, for a screen that gives it the focus back after acting elsewhere (a candidate picked, a retry). */
  inputRef?: RefObject<HTMLInputElement | null>;
  /** Another kind of code the screen takes as it is (a package number at check-in): its normal form, or null. */
  otherCode?(typed: string): string | null;
}

/**
 * The code of a parcel or a device, typed or scanned, checked by the
 * domain's rule before anything is asked; after every answer the field has
 * the focus again, its text selected, so the next scan replaces it: a pile
 * of parcels goes through without the mouse.
 */
export function ItemCodeForm({ ns, onCode, pending, problem, inputRef, otherCode }: ItemCodeFormProps) {
  const { t } = useTranslation([ns, 'api']);
  const [typed, setTyped] = useState('');
  const [malformed, setMalformed] = useState<CodeProblem | null>(null);
  const ownRef = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownRef;

  const submit = async (value: string) => {
    const other = otherCode?.(value) ?? null;
    const read = other === null ? readItemCode(value) : { code: other };
    if ('problem' in read) {
      setMalformed(read.problem);
      selectForNext(input);
      return;
    }
    setMalformed(null);
    try {
      await onCode(read.code);
    } finally {
      selectForNext(input);
    }
  };
  const shown = malformed ?? problem;

  return (
    <ScanCodeField
      label={t('code.label')}
      help={t('code.help')}
      submitLabel={t('code.submit')}
      pendingLabel={t('code.submitting')}
      pending={pending}
      error={shown && t(`api:errors.${shown.code}`, shown.details)}
      errorTestId="code-problem"
      value={typed}
      onChange={setTyped}
      onCode={(value) => void submit(value)}
      inputRef={input}
      camera
    />
  );
}
