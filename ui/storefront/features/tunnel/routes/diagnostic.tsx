import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useCallback, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../../shared/api/client';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { useBuybackOptions } from '../../../../shared/buyback-path/api/get-buyback-options';
import { useDiagnosticQuestions } from '../../../../shared/buyback-path/api/get-diagnostic-questions';
import { useProduct } from '../../../../shared/buyback-path/api/get-product';
import { ESTIMATE_ERROR_CODES, useEstimate } from '../../../../shared/buyback-path/api/estimate-price';
import { canAddAnother, maxCartItems, newDraft, type CartDraft } from '../../../../shared/buyback-path/cart-store';
import { useCart } from '../../../../shared/buyback-path/use-cart';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { EstimatePanel } from '../../../../shared/buyback-path/components/estimate-panel';
import { IMEI_FEATURE } from '../../../../shared/buyback-path/components/imei';
import { QuestionStep } from '../../../../shared/buyback-path/components/question-step';
import { useStepFocus, type StepHeadingRef } from '../../../../shared/buyback-path/components/step-focus';
import { useOptionsStep } from '../../../../shared/buyback-path/components/use-options-step';
import { reachableScreen } from '../../../../shared/buyback-path/question-screens';
import { itemOf, responsesOf } from '../../../../shared/buyback-path/cart-item';
import type { BuybackOptionsView, DiagnosticQuestionView, ProductView } from '@server/application/catalog/catalog-views';
import { isUnknownProduct } from '../../../lib/api-errors';
import { Loading } from '../../../components/loading';
import { PageBody } from '../../../components/page-body';
import { TunnelLeaveWarning } from '../components/tunnel-leave-warning';
import { ProductImage } from '../../../../shared/components/product-image';
import { PageHeader } from '../../../components/page-header';
import { ServerErrorModal } from '../../../components/server-error-modal';
import { TunnelProgress } from '../components/tunnel-progress';
import { tunnelPaths } from '../paths';

const OFFER = 'offer';

/** /diag/{productId?}/{slug?}/{itemId?}/{predeclaredBuybackId?} */
export function Component() {
  const { productId, itemId, predeclaredBuybackId } = useParams();
  const { t } = useTranslation('tunnel');
  // The public app's create-buyback entry without a product goes to the search (specification 000).
  if (!productId) return <Navigate to={tunnelPaths.search} replace />;
  if (predeclaredBuybackId) {
    return (
      <>
        <PageHeader title={t('diagnostic.title')} />
        <PageBody narrow>
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>{t('diagnostic.predeclaredInStore')}</Alert.Description>
          </Alert.Root>
        </PageBody>
      </>
    );
  }
  return (
    <>
      <TunnelLeaveWarning />
      <Diagnostic key={`${productId}/${itemId ?? ''}`} productId={productId} itemId={itemId ?? null} />
    </>
  );
}

function Diagnostic({ productId, itemId }: { productId: string; itemId: string | null }) {
  const { t } = useTranslation(['tunnel', 'buyback-path']);
  const { store, cart } = useCart();
  const product = useProduct(productId);
  const questions = useDiagnosticQuestions(productId);
  const options = useBuybackOptions(productId);

  const [params] = useSearchParams();
  // The product's own address shows its first question with nothing answered (on the server too, which has no cart):
  // a first visit's new draft, which the store holds from the first answer (DiagnosticScreens' `answer`). Arriving
  // with no draft to replace writes nothing: a write re-renders every reader of the cart at once, in one task.
  const fresh = !itemId && !params.has('step') && Boolean(questions.data?.length);
  useEffect(() => {
    if (fresh && !store.getSnapshot().draft) return;
    store.startDraft(productId, itemId && store.item(itemId) ? itemId : null);
  }, [store, productId, itemId, fresh]);
  const draft = cart.draft?.productId === productId ? cart.draft : fresh ? newDraft(productId) : null;

  const ready = useDeferredValue(Boolean(product.data && questions.data && options.data && draft));
  const failed = product.error ?? questions.error ?? options.error;
  const title = product.data?.label ?? t('diagnostic.title');
  const crumbs = [{ label: t('diagnostic.search'), to: tunnelPaths.search }];

  // Any of the three calls may be the first to say that the address names no product (an unknown or mangled id).
  const unknown = [product.error, questions.error, options.error].some(isUnknownProduct);
  if (unknown) {
    return (
      <>
        <PageHeader title={t('diagnostic.unknownProduct.title')} crumbs={crumbs} />
        <PageBody narrow>
          <Alert.Root status="warning" data-testid="unknown-product">
            <Alert.Indicator />
            <Alert.Description>{t('diagnostic.unknownProduct.text')}</Alert.Description>
          </Alert.Root>
          <Button asChild colorPalette="brand" alignSelf="start">
            <RouterLink to={tunnelPaths.search}>{t('diagnostic.backToSearch')}</RouterLink>
          </Button>
        </PageBody>
      </>
    );
  }
  if (failed) {
    return (
      <>
        {/* A server failure: the modal offers to reload the page (a refusal stays the page's). */}
        <ServerErrorModal error={failed} reloadPage />
        <PageHeader title={title} crumbs={crumbs} />
        <PageBody narrow>
          <ApiErrorAlert error={failed} onRetry={failed instanceof ApiError && failed.status < 500 ? undefined : () => void [product, questions, options].forEach((q) => q.refetch())} />
          <Button asChild variant="outline" alignSelf="start">
            <RouterLink to={tunnelPaths.search}>{t('diagnostic.backToSearch')}</RouterLink>
          </Button>
        </PageBody>
      </>
    );
  }

  // The page at once with all it needs: a title and a product that came first would move the rest down as it arrives.
  // Its render, the largest of the tunnel, is deferred: React does it in slices (a transition), not in one long task.
  if (!ready || !product.data || !questions.data || !options.data || !draft) return <Loading />;
  return (
    <>
      {/* The product's one address for search engines (the sitemap's), whatever step or cart item this one names. */}
      <PageHeader title={title} crumbs={crumbs} canonical={tunnelPaths.diagnostic.to(product.data)} />
      <PageBody narrow>
        <HStack gap={4} mb={6}>
          <ProductImage product={product.data} boxSize={{ base: '64px', md: '96px' }} />
          <Text color="fg.muted">{product.data.brand}</Text>
        </HStack>
        <Steps product={product.data} questions={questions.data} options={options.data} draft={draft} itemsInCart={cart.items.length} />
      </PageBody>
    </>
  );
}

/** A question not answered yet: one array, so that its screen's props stay the same. */
const NO_ANSWER: readonly string[] = [];

function Steps({
  product,
  questions,
  options,
  draft,
  itemsInCart,
}: {
  product: ProductView;
  questions: DiagnosticQuestionView[];
  options: BuybackOptionsView;
  draft: CartDraft;
  itemsInCart: number;
}) {
  const { t } = useTranslation(['tunnel', 'buyback-path']);
  const { store } = useCart();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const requested = params.get('step') ?? '1';
  const step = reachableScreen(requested, questions, draft.answers, OFFER);
  const heading = useStepFocus(step);

  useEffect(() => {
    if (step !== requested) setParams({ step }, { replace: true });
  }, [step, requested, setParams]);

  const go = useCallback((next: string) => setParams({ step: next }), [setParams]);
  // The question's screen keeps its props from one render to the next (QuestionStep is memoized): the cart's store
  // changing (an answer, a draft replaced on arrival) re-renders this page, at once and in one task, but not the question.
  const index = step === OFFER ? -1 : Number(step) - 1;
  const questionId = questions[index]?.id ?? null;
  const last = index + 1 >= questions.length;
  const answer = useCallback(
    (answerIds: string[]) => {
      if (!questionId) return;
      // A first visit's draft is started by its first answer (Diagnostic's start leaves it to this); started, it is kept.
      store.startDraft(draft.productId, draft.editingInCartId);
      store.answer(questionId, answerIds);
    },
    [store, questionId, draft.productId, draft.editingInCartId],
  );
  const next = useCallback(() => go(last ? OFFER : String(index + 2)), [go, last, index]);
  const back = useCallback(() => (index > 0 ? go(String(index)) : navigate(tunnelPaths.search)), [go, index, navigate]);

  if (step === OFFER) {
    return (
      <Stack gap={8}>
        <TunnelProgress current="offer" />
        <Offer product={product} questions={questions} options={options} draft={draft} itemsInCart={itemsInCart} headingRef={heading} onBack={() => (questions.length ? go(String(questions.length)) : navigate(tunnelPaths.search))} />
      </Stack>
    );
  }

  const question = questions[index] as DiagnosticQuestionView;
  return (
    <Stack gap={8}>
      <TunnelProgress current="diagnostic" />
      <QuestionStep
        key={question.id}
        question={question}
        position={index + 1}
        total={questions.length}
        value={draft.answers[question.id] ?? NO_ANSWER}
        onChange={answer}
        onNext={next}
        onBack={back}
        backLabel={index > 0 ? t('buyback-path:actions.previous') : t('diagnostic.backToSearch')}
        nextLabel={last ? t('diagnostic.seePrice') : t('buyback-path:actions.continue')}
        headingRef={heading}
      />
    </Stack>
  );
}

function Offer({
  product,
  questions,
  options,
  draft,
  itemsInCart,
  headingRef,
  onBack,
}: {
  product: ProductView;
  questions: DiagnosticQuestionView[];
  options: BuybackOptionsView;
  draft: CartDraft;
  itemsInCart: number;
  headingRef: StepHeadingRef;
  onBack(): void;
}) {
  const { t } = useTranslation(['tunnel', 'buyback-path']);
  const { settings } = useAppEnvironment();
  const { store } = useCart();
  const navigate = useNavigate();
  const responses = responsesOf(questions, draft.answers);
  const estimate = useEstimate(product.id, responses);
  const collectsImei = product.isCollectingImei && settings.enabledPremiumFeatures.includes(IMEI_FEATURE);
  const editing = draft.editingInCartId !== null;
  const full = !editing && !canAddAnother(itemsInCart, maxCartItems(settings.enabledPremiumFeatures));

  const addToCart = (acceptUnknownImei: boolean) => {
    if (!estimate.data) return;
    const item = itemOf(product, { ...draft, acceptUnknownImei }, questions, estimate.data, options);
    if (!item) return;
    if (store.commitDraft(item, maxCartItems(settings.enabledPremiumFeatures))) navigate(tunnelPaths.customerInfos.to());
  };
  const step = useOptionsStep({ product, options, draft, collectsImei, onValid: addToCart, payments: estimate.data?.payments });

  if (estimate.isError) {
    if (estimate.error instanceof ApiError && ESTIMATE_ERROR_CODES.includes(estimate.error.code)) {
      return <Navigate to={tunnelPaths.estimateError} replace state={{ productId: product.id, code: estimate.error.code }} />;
    }
    return <ApiErrorAlert error={estimate.error} onRetry={() => estimate.refetch()} />;
  }
  if (!estimate.data) return <Loading />;
  const price = estimate.data;

  return (
    <Stack gap={8}>
      <EstimatePanel estimate={price} productLabel={product.label} headingRef={headingRef} paymentModeId={draft.paymentModeId} />
      {step.fields}
      {full && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t('offer.cartFull')}</Alert.Description>
            <RouterLink to={tunnelPaths.summary.to()}>
              <Text as="span" textDecoration="underline">
                {t('offer.openCart')}
              </Text>
            </RouterLink>
          </Alert.Content>
        </Alert.Root>
      )}
      <HStack justify="space-between" gap={3} flexWrap="wrap-reverse">
        <Button variant="outline" onClick={onBack}>
          {t('buyback-path:actions.previous')}
        </Button>
        <Button colorPalette="brand" size="lg" onClick={step.submit} disabled={full}>
          {editing ? t('offer.update') : t('offer.continue')}
        </Button>
      </HStack>
      {step.dialog}
    </Stack>
  );
}
