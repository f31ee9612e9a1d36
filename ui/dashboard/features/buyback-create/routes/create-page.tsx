import { Stack } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo } from 'react';
import { hasUnregisteredDevices, hasUnsavedAnswers, LeaveWarning } from '../../../../shared/buyback-path/leave-warning';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { useCart } from '../../../../shared/buyback-path/use-cart';
import { StepProgress } from '../../../../shared/buyback-path/components/step-progress';
import { useStepFocus } from '../../../../shared/buyback-path/components/step-focus';
import { checkCustomer } from '../../../../shared/buyback-path/customer/customer-rules';
import { customerRulesFor } from '../../../../shared/buyback-path/submit-cart';
import { NoStoreNotice } from '../../../components/no-store-notice';
import { Page } from '../../../components/page';
import { ConfirmationStep } from '../components/confirmation-step';
import { CustomerStep } from '../components/customer-step';
import { DeclarationStep } from '../components/declaration-step';
import { OptionsStep } from '../components/options-step';
import { SearchStep } from '../components/search-step';
import { SummaryStep } from '../components/summary-step';
import { isWizardStep, WIZARD_STEPS, wizardPaths, type GoTo, type WizardStep } from '../wizard';

/**
 * /buyback/create: search, options, declaration, customer information,
 * summary, confirmation (specification 000, in that order). The screen is in
 * the URL (`?step=`), what was entered in the dashboard's cart (1 day), so a
 * reload or the browser's back button loses nothing.
 */
export function Component() {
  const { t } = useTranslation(['buyback-create', 'buyback-path']);
  const environment = useAppEnvironment();
  const { cart, store } = useCart();
  const [params, setParams] = useSearchParams();

  const item = cart.items[0] ?? null;
  const productId = cart.draft?.productId ?? item?.declaration.productId ?? null;
  const customer = store.customer();
  const customerReady = useMemo(() => {
    if (!item || !customer) return false;
    const rules = customerRulesFor(cart.items, environment.settings);
    return Object.keys(checkCustomer(customer, rules)).length === 0;
  }, [item, customer, cart.items, environment.settings]);

  const requested: WizardStep = isWizardStep(params.get('step')) ? (params.get('step') as WizardStep) : 'search';
  const reachable: Record<WizardStep, boolean> = {
    search: true,
    options: productId !== null,
    declaration: productId !== null,
    customer: item !== null,
    summary: item !== null && customerReady,
    confirmation: (params.get('ids') ?? '') !== '',
  };
  // The furthest screen before the one asked that can be shown (a reload never lands past what was entered).
  const step = reachable[requested] ? requested : ([...WIZARD_STEPS].slice(0, WIZARD_STEPS.indexOf(requested)).reverse().find((s) => reachable[s] && s !== 'confirmation') ?? 'search');

  useEffect(() => {
    if (step !== requested) setParams({ step }, { replace: true });
  }, [step, requested, setParams]);

  // Leaving the wizard loses the answers not yet in the cart and the devices not registered (asked first).
  const warnBefore = useCallback(
    (next: string | null) => next !== wizardPaths.create && (hasUnsavedAnswers(store.getSnapshot()) || hasUnregisteredDevices(store.getSnapshot())),
    [store],
  );
  const goTo: GoTo = useCallback((next, extra = {}, state) => setParams({ step: next, ...extra }, state === undefined ? undefined : { state }), [setParams]);
  const heading = useStepFocus(`${step}:${params.get('q') ?? ''}`);
  const labels = WIZARD_STEPS.map((key) => ({ key, label: t(`steps.${key}`) }));

  return (
    <Page title={t('title')} breadcrumbs={[{ label: t('breadcrumbs.buybacks'), to: wizardPaths.list }, { label: t('title') }]}>
      <LeaveWarning warnBefore={warnBefore} />
      <Stack gap={8} maxW="4xl">
        <StepProgress steps={labels} current={step} />
        {!environment.storeId ? (
          <NoStoreNotice namespace="buyback-create" />
        ) : step === 'search' ? (
          <SearchStep goTo={goTo} headingRef={heading} />
        ) : step === 'options' ? (
          <OptionsStep goTo={goTo} headingRef={heading} />
        ) : step === 'declaration' ? (
          <DeclarationStep goTo={goTo} headingRef={heading} />
        ) : step === 'customer' ? (
          <CustomerStep goTo={goTo} headingRef={heading} />
        ) : step === 'summary' ? (
          <SummaryStep goTo={goTo} headingRef={heading} />
        ) : (
          <ConfirmationStep goTo={goTo} headingRef={heading} />
        )}
      </Stack>
    </Page>
  );
}
