import { Alert, Fieldset, Stack } from '@chakra-ui/react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuybackOptionsView, CircuitView, PaymentAmountView, PaymentModeView, ShippingMethodView } from '@server/application/catalog/catalog-views';
import { MessageText } from '../../components/api-text';
import { formatMoney } from '../../format/format';
import { ChoiceCards } from './choice-cards';

export interface OptionsValue {
  circuitId: string | null;
  shippingMethodId: string | null;
  paymentModeId: string | null;
}

export type OptionsErrors = Partial<Record<'transport' | 'payment', boolean>>;

/** A transport mode as offered: a circuit with one of its shipping methods. */
export interface TransportChoice {
  value: string;
  circuit: CircuitView;
  shippingMethod: ShippingMethodView;
}

export function transportChoices(options: BuybackOptionsView): TransportChoice[] {
  return options.circuits.flatMap((circuit) =>
    circuit.shippingMethodIds.flatMap((id) => {
      const shippingMethod = options.shippingMethods.find((method) => method.id === id);
      return shippingMethod ? [{ value: `${circuit.id}:${shippingMethod.id}`, circuit, shippingMethod }] : [];
    }),
  );
}

export function paymentChoices(options: BuybackOptionsView, circuitId: string | null): PaymentModeView[] {
  const circuit = options.circuits.find((c) => c.id === circuitId);
  const allowed = circuit ? circuit.paymentModeIds : [...new Set(options.circuits.flatMap((c) => c.paymentModeIds))];
  return options.paymentModes.filter((mode) => allowed.includes(mode.id));
}

/** What is missing before the options can be kept. */
export function checkOptions(options: BuybackOptionsView, value: OptionsValue): OptionsErrors {
  const transport = transportChoices(options).some((c) => c.circuit.id === value.circuitId && c.shippingMethod.id === value.shippingMethodId);
  const payment = paymentChoices(options, value.circuitId).some((mode) => mode.id === value.paymentModeId);
  return { ...(transport ? {} : { transport: true }), ...(payment ? {} : { payment: true }) };
}

/**
 * The transport mode (circuit and shipping method) and the payment mode, as
 * two radio groups in fieldsets. A group with one choice only is chosen for
 * the user; changing the transport drops a payment mode it does not allow.
 * Given the estimate's payments, each payment mode says what the customer
 * would be paid by it (its bonus or malus applied).
 */
export function OptionsForm({
  options,
  value,
  onChange,
  errors,
  payments,
}: {
  options: BuybackOptionsView;
  value: OptionsValue;
  onChange(value: OptionsValue): void;
  errors: OptionsErrors;
  payments?: readonly PaymentAmountView[] | undefined;
}) {
  const { t, i18n } = useTranslation('buyback-path');
  // The estimate's amount per mode, with the chosen circuit's bonus or cost, as the server registers it (never below zero).
  const circuitBonus = options.circuits.find((c) => c.id === value.circuitId)?.customerBonusInCents ?? 0;
  const paidBy = (modeId: string) => {
    const payment = payments?.find((p) => p.paymentModeId === modeId);
    if (!payment) return null;
    const amount = { ...payment.amount, amountInCents: Math.max(0, payment.amount.amountInCents + circuitBonus) };
    return t('options.paid', { amount: formatMoney(amount, i18n.language) });
  };
  const transportLegend = useId();
  const paymentLegend = useId();
  const transports = transportChoices(options);
  const paymentModes = paymentChoices(options, value.circuitId);
  const transportValue = value.circuitId && value.shippingMethodId ? `${value.circuitId}:${value.shippingMethodId}` : null;

  // Only one possibility: it is the choice.
  useEffect(() => {
    const onlyTransport = transports.length === 1 ? transports[0] : undefined;
    const circuitId = onlyTransport && !value.circuitId ? onlyTransport.circuit.id : value.circuitId;
    const shippingMethodId = onlyTransport && !value.shippingMethodId ? onlyTransport.shippingMethod.id : value.shippingMethodId;
    const allowed = paymentChoices(options, circuitId);
    const onlyPayment = allowed.length === 1 ? allowed[0] : undefined;
    const paymentModeId = onlyPayment && !value.paymentModeId ? onlyPayment.id : value.paymentModeId;
    if (circuitId !== value.circuitId || shippingMethodId !== value.shippingMethodId || paymentModeId !== value.paymentModeId) {
      onChange({ circuitId, shippingMethodId, paymentModeId });
    }
  }, [options, transports, value, onChange]);

  if (transports.length === 0) {
    return (
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Description>
          <MessageText message={{ key: 'api:errors.BUYBACK_NO_TRANSPORT_MODE', values: {} }} />
        </Alert.Description>
      </Alert.Root>
    );
  }

  const chooseTransport = (choice: string | null) => {
    const picked = transports.find((c) => c.value === choice);
    if (!picked) return;
    const stillAllowed = paymentChoices(options, picked.circuit.id).some((mode) => mode.id === value.paymentModeId);
    onChange({ circuitId: picked.circuit.id, shippingMethodId: picked.shippingMethod.id, paymentModeId: stillAllowed ? value.paymentModeId : null });
  };

  return (
    <Stack gap={8}>
      <Fieldset.Root invalid={Boolean(errors.transport)}>
        <Fieldset.Legend id={transportLegend} fontSize="lg" fontWeight="semibold">
          {t('options.transport')}
        </Fieldset.Legend>
        <Fieldset.Content mt={3}>
          <ChoiceCards
            name="transport"
            value={transportValue}
            onChange={chooseTransport}
            labelledBy={transportLegend}
            choices={transports.map((choice) => ({
              value: choice.value,
              label: choice.shippingMethod.label,
              description: choice.shippingMethod.description ?? choice.circuit.description,
            }))}
          />
        </Fieldset.Content>
        <Fieldset.ErrorText role="alert">{t('options.errors.transport')}</Fieldset.ErrorText>
      </Fieldset.Root>

      <Fieldset.Root invalid={Boolean(errors.payment)}>
        <Fieldset.Legend id={paymentLegend} fontSize="lg" fontWeight="semibold">
          {t('options.payment')}
        </Fieldset.Legend>
        <Fieldset.Content mt={3}>
          <ChoiceCards
            name="payment"
            value={value.paymentModeId}
            onChange={(paymentModeId) => onChange({ ...value, paymentModeId })}
            labelledBy={paymentLegend}
            choices={paymentModes.map((mode) => ({ value: mode.id, label: mode.label, description: mode.description, detail: paidBy(mode.id) }))}
          />
        </Fieldset.Content>
        <Fieldset.ErrorText role="alert">{t('options.errors.payment')}</Fieldset.ErrorText>
      </Fieldset.Root>
    </Stack>
  );
}
