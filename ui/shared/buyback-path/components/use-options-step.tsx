import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { CartDraft } from '../cart-store';
import type { FieldMessage } from '../field-message';
import type { BuybackOptionsView, PaymentAmountView, ProductView } from '@server/application/catalog/catalog-views';
import { useCart } from '../use-cart';
import { checkImei, ImeiField, ImeiMismatchDialog } from './imei';
import { checkOptions, OptionsForm, type OptionsErrors, type OptionsValue } from './options-form';

interface Options {
  product: ProductView;
  options: BuybackOptionsView;
  draft: CartDraft;
  /** The product's IMEI is asked for (the product collects it and the retailer has the feature). */
  collectsImei: boolean;
  /** Everything checked and kept in the draft; `acceptUnknownImei`: the IMEI matches none of the product's TAC codes and the user went on. */
  onValid: (acceptUnknownImei: boolean) => void;
  /** The estimate's amount per payment mode, when the price is known: each mode says what it pays. */
  payments?: readonly PaymentAmountView[] | undefined;
}

/**
 * The transport and payment choice with the product's IMEI, as both buyback
 * paths ask it: the IMEI field and the options form, a `submit` that checks
 * them (focusing the first wrong field), and the dialog that asks before going
 * on with an IMEI the product's TAC codes do not know.
 */
export function useOptionsStep({ product, options, draft, collectsImei, onValid, payments }: Options): { fields: ReactNode; dialog: ReactNode; submit: () => void } {
  const { store } = useCart();
  const [optionErrors, setOptionErrors] = useState<OptionsErrors>({});
  const [imeiError, setImeiError] = useState<FieldMessage | null>(null);
  const [mismatch, setMismatch] = useState<string | null>(null);
  const imeiInput = useRef<HTMLInputElement>(null);
  const value: OptionsValue = { circuitId: draft.circuitId, shippingMethodId: draft.shippingMethodId, paymentModeId: draft.paymentModeId };

  const changeOptions = useCallback(
    (next: OptionsValue) => {
      store.updateDraft(next);
      setOptionErrors((errors) => (Object.keys(errors).length ? checkOptions(options, next) : errors));
    },
    [store, options],
  );

  const submit = () => {
    const errors = checkOptions(options, value);
    setOptionErrors(errors);
    const imei = collectsImei ? checkImei(draft.imei ?? '', product.tacCodes) : ({ kind: 'empty' } as const);
    if (imei.kind === 'invalid') {
      setImeiError(imei.message);
      imeiInput.current?.focus();
      return;
    }
    setImeiError(null);
    if (errors.transport || errors.payment) {
      document.querySelector<HTMLInputElement>(`input[name="${errors.transport ? 'transport' : 'payment'}"]`)?.focus();
      return;
    }
    if (imei.kind === 'unknown' && !draft.acceptUnknownImei) {
      setMismatch(imei.imei);
      return;
    }
    store.updateDraft({ imei: imei.kind === 'empty' ? null : imei.imei, ...(imei.kind === 'unknown' ? {} : { acceptUnknownImei: false }) });
    onValid(imei.kind === 'unknown');
  };

  const fields = (
    <>
      {collectsImei && (
        <ImeiField
          value={draft.imei ?? ''}
          inputRef={imeiInput}
          error={imeiError}
          onChange={(imei) => {
            store.updateDraft({ imei: imei || null, acceptUnknownImei: false });
            setImeiError(null);
          }}
        />
      )}
      <OptionsForm options={options} value={value} onChange={changeOptions} errors={optionErrors} payments={payments} />
    </>
  );

  const dialog = (
    <ImeiMismatchDialog
      open={mismatch !== null}
      imei={mismatch ?? ''}
      onBack={() => {
        setMismatch(null);
        requestAnimationFrame(() => imeiInput.current?.focus());
      }}
      onContinue={() => {
        const imei = mismatch;
        setMismatch(null);
        store.updateDraft({ imei, acceptUnknownImei: true });
        onValid(true);
      }}
    />
  );

  return { fields, dialog, submit };
}
