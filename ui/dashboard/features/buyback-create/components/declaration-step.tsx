import { Alert, Button, Heading, HStack, Spinner, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../../shared/api/client';
import { useBuybackOptions } from '../../../../shared/buyback-path/api/get-buyback-options';
import { useDiagnosticQuestions } from '../../../../shared/buyback-path/api/get-diagnostic-questions';
import { useProduct } from '../../../../shared/buyback-path/api/get-product';
import { ESTIMATE_ERROR_CODES, useEstimate } from '../../../../shared/buyback-path/api/estimate-price';
import { type CartDraft } from '../../../../shared/buyback-path/cart-store';
import { useCart } from '../../../../shared/buyback-path/use-cart';
import { ApiErrorAlert, useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { EstimatePanel } from '../../../../shared/buyback-path/components/estimate-panel';
import { QuestionStep } from '../../../../shared/buyback-path/components/question-step';
import { reachableScreen } from '../../../../shared/buyback-path/question-screens';
import { customerRulesFor, itemOf, responsesOf } from '../../../../shared/buyback-path/submit-cart';
import { checkCustomer } from '../../../../shared/buyback-path/customer/customer-rules';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { useStoreCart } from '../store-cart';
import type { BuybackOptionsView, DiagnosticQuestionView, ProductView } from '@server/application/catalog/catalog-views';
import { PRICE_SCREEN, type StepProps } from '../wizard';
import { useWizardDraft } from './use-wizard-draft';

/** Step 3: the declaration, one diagnostic question per screen (`q` = 1…n), then the price (`q` = price). */
export function DeclarationStep({ goTo, headingRef }: StepProps) {
  const { t } = useTranslation('buyback-create');
  const draft = useWizardDraft();
  const product = useProduct(draft?.productId);
  const questions = useDiagnosticQuestions(draft?.productId);
  const options = useBuybackOptions(draft?.productId);
  const failed = product.error ?? questions.error ?? options.error;
  if (failed) return <ApiErrorAlert error={failed} onRetry={() => void [product, questions, options].forEach((q) => q.refetch())} />;
  if (!draft || !product.data || !questions.data || !options.data) return <Spinner aria-label={t('loading')} />;
  return <Screens goTo={goTo} headingRef={headingRef} draft={draft} product={product.data} questions={questions.data} options={options.data} />;
}

function Screens({
  goTo,
  headingRef,
  draft,
  product,
  questions,
  options,
}: StepProps & { draft: CartDraft; product: ProductView; questions: DiagnosticQuestionView[]; options: BuybackOptionsView }) {
  const { t } = useTranslation(['buyback-create', 'buyback-path']);
  const { store } = useCart();
  const [params, setParams] = useSearchParams();
  const requested = params.get('q') ?? '1';
  const screen = reachableScreen(requested, questions, draft.answers, PRICE_SCREEN);

  useEffect(() => {
    if (screen !== requested) setParams({ step: 'declaration', q: screen }, { replace: true });
  }, [screen, requested, setParams]);

  if (screen === PRICE_SCREEN) {
    return <Price goTo={goTo} headingRef={headingRef} draft={draft} product={product} questions={questions} options={options} />;
  }
  const index = Number(screen) - 1;
  const question = questions[index] as DiagnosticQuestionView;
  return (
    <QuestionStep
      key={question.id}
      question={question}
      position={index + 1}
      total={questions.length}
      value={draft.answers[question.id] ?? []}
      onChange={(answerIds) => store.answer(question.id, answerIds)}
      onNext={() => goTo('declaration', { q: index + 1 < questions.length ? String(index + 2) : PRICE_SCREEN })}
      onBack={() => (index > 0 ? goTo('declaration', { q: String(index) }) : goTo('options'))}
      nextLabel={index + 1 < questions.length ? undefined : t('declaration.seePrice')}
      headingRef={headingRef}
    />
  );
}

function Price({
  goTo,
  headingRef,
  draft,
  product,
  questions,
  options,
}: StepProps & { draft: CartDraft; product: ProductView; questions: DiagnosticQuestionView[]; options: BuybackOptionsView }) {
  const { t } = useTranslation(['buyback-create', 'buyback-path']);
  const { store } = useCart();
  const { settings } = useAppEnvironment();
  const storeCart = useStoreCart();
  const [full, setFull] = useState(false);
  const errorText = useApiErrorText();
  const estimate = useEstimate(product.id, responsesOf(questions, draft.answers));

  if (estimate.isError) {
    const notPossible = estimate.error instanceof ApiError && ESTIMATE_ERROR_CODES.includes(estimate.error.code);
    if (!notPossible) return <ApiErrorAlert error={estimate.error} onRetry={() => estimate.refetch()} />;
    // The estimate-error outcome: no price for these answers.
    return (
      <Stack gap={6}>
        <Heading as="h2" size="xl" ref={headingRef} tabIndex={-1} outline="none">
          {t('declaration.noPrice.title')}
        </Heading>
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{errorText(estimate.error)}</Alert.Description>
            <Alert.Description>{t('declaration.noPrice.text')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <HStack gap={3} flexWrap="wrap">
          <Button variant="outline" onClick={() => goTo('declaration', { q: '1' })}>
            {t('declaration.noPrice.changeAnswers')}
          </Button>
          <Button colorPalette="brand" onClick={() => goTo('search')}>
            {t('declaration.noPrice.newSearch')}
          </Button>
        </HStack>
      </Stack>
    );
  }
  if (!estimate.data) return <Spinner aria-label={t('loading')} />;
  const price = estimate.data;

  const next = () => {
    const item = itemOf(product, draft, questions, price, options);
    if (!item) return goTo('options');
    // One device, or as many as the store's cart takes; a full cart takes no more.
    if (!store.commitDraft(item, storeCart.maximum)) return setFull(true);
    goTo(customerReady() ? 'summary' : 'customer');
  };
  // The customer's details once: with them already given (another device of the cart), straight to the summary.
  const customerReady = () => {
    const customer = store.customer();
    return customer !== null && Object.keys(checkCustomer(customer, customerRulesFor(store.getSnapshot().items, settings))).length === 0;
  };

  return (
    <Stack gap={6}>
      <EstimatePanel estimate={price} productLabel={product.label} headingRef={headingRef} paymentModeId={draft.paymentModeId} />
      {full && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Description>{t('cart.full', { count: storeCart.maximum })}</Alert.Description>
        </Alert.Root>
      )}
      <HStack justify="space-between" gap={3}>
        <Button variant="outline" onClick={() => goTo('declaration', { q: String(Math.max(1, questions.length)) })}>
          {t('buyback-path:actions.previous')}
        </Button>
        <Button colorPalette="brand" onClick={next}>
          {customerReady() ? t('declaration.toSummary') : t('declaration.toCustomer')}
        </Button>
      </HStack>
    </Stack>
  );
}
