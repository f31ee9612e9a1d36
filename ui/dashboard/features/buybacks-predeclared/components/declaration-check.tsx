import { Alert, Box, Button, chakra, Checkbox, Field, Heading, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { BuybackView } from '@server/application/buybacks/buyback-views';
import type { VerifiableBuybackView } from '@server/application/buybacks/queries/verifiable-buyback-views';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../../shared/api/client';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { useDiagnosticQuestions } from '../../../../shared/buyback-path/api/get-diagnostic-questions';
import { useProduct } from '../../../../shared/buyback-path/api/get-product';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { AnsweredQuestions } from '../../../../shared/buyback-path/components/answered-questions';
import { formatDateTime, formatIdentificationNumber, formatMoney } from '../../../../shared/format/format';
import { useGradeLabel } from '../../../../shared/format/grade';
import { AppLink } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { useFinalizeBuyback } from '../api/finalize-buyback';
import { predeclaredPaths } from '../paths';
import { Facts, FactsSection } from '../../../components/facts';
import { PriceValidity } from './price-warning';

/**
 * Step 2: the pre-declared buyback as the store will take it (device, the
 * customer's answers and grade, declared price, circuit, payment, customer,
 * declared on, whether its prices still hold), checked by the seller with
 * the device in hand, then finalized in the seller's store. A device that
 * does not match is not finalized: the buyback is cancelled from its detail
 * and the device registered anew with the creation wizard.
 */
export function DeclarationCheck({
  code,
  verification,
  buyback,
  etag,
}: {
  code: string;
  verification: VerifiableBuybackView;
  buyback: BuybackView;
  etag: string | null;
}) {
  const { t, i18n } = useTranslation('buybacks-predeclared');
  const gradeLabel = useGradeLabel();
  const { storeId } = useAppEnvironment();
  const can = useCan();
  const navigate = useNavigate();
  const finalize = useFinalizeBuyback();
  const keys = useIdempotencyKeys();
  const [confirmed, setConfirmed] = useState(false);
  const [confirmMissing, setConfirmMissing] = useState(false);
  const focusOnArrival = useCallback((element: HTMLElement | null) => element?.focus({ preventScroll: true }), []);
  const customer = buyback.customer;
  const canFinalize = buyback.allowedCommands.includes('FinalizeBuybackInStore') && storeId !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) {
      setConfirmMissing(true);
      return;
    }
    if (!storeId) return;
    const input = { storeId, id: buyback.id, code, etag };
    finalize.mutate({ ...input, idempotencyKey: keys.keyFor(input) }, { onSuccess: () => void navigate(predeclaredPaths.finalized(code)) });
  };

  const stale = finalize.error instanceof ApiError && finalize.error.isConflict;

  return (
    <Stack gap={6}>
      <Stack gap={2}>
        <Heading as="h2" size="xl" ref={focusOnArrival} tabIndex={-1} outline="none">
          {t('check.title')}
        </Heading>
        <Text>{t('check.intro')}</Text>
      </Stack>

      {verification.pricesValidUntil && <PriceValidity declaredAt={verification.declaredAt} validUntil={verification.pricesValidUntil} />}

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={5}>
        <FactsSection level="h3" id="predeclared-buyback" title={t('check.sections.buyback')}>
          <Facts
            items={[
              [
                t('check.code'),
                <Text as="span" fontFamily="mono" fontWeight="semibold" data-testid="predeclared-code" key="code">
                  {formatIdentificationNumber(buyback.identificationNumber)}
                </Text>,
              ],
              [t('check.declaredOn'), formatDateTime(verification.declaredAt, i18n.language)],
              [
                t('check.price'),
                <Text as="span" fontSize="lg" fontWeight="bold" data-testid="declared-price" key="price">
                  {formatMoney(buyback.declaredPrice, i18n.language)}
                </Text>,
              ],
              [t('check.circuit'), `${buyback.circuit.name} (${t(`deposits.${buyback.circuit.deposit}`)})`],
              [t('check.paymentMode'), buyback.paymentMode.label],
              [t('check.customer'), 'forgotten' in customer ? t('check.customerForgotten') : `${customer.firstName} ${customer.lastName}`],
            ]}
          />
        </FactsSection>
        <DeviceSection buyback={buyback} gradeLabel={gradeLabel} />
      </SimpleGrid>

      <AnswersSection buyback={buyback} />

      {canFinalize ? (
        <chakra.form onSubmit={submit} noValidate borderWidth="1px" borderRadius="md" p={{ base: 4, md: 5 }} bg="bg">
          <Stack gap={4}>
            <Field.Root invalid={confirmMissing && !confirmed} required>
              <Checkbox.Root
                checked={confirmed}
                onCheckedChange={(details) => {
                  setConfirmed(details.checked === true);
                  setConfirmMissing(false);
                }}
                alignItems="flex-start"
              >
                <Checkbox.HiddenInput name="deviceMatches" />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label>{t('check.confirm')}</Checkbox.Label>
              </Checkbox.Root>
              <Field.ErrorText>{t('check.confirmRequired')}</Field.ErrorText>
            </Field.Root>
            {finalize.isError &&
              (stale ? (
                <Alert.Root status="warning" role="alert">
                  <Alert.Indicator />
                  <Alert.Description>{t('check.stale')}</Alert.Description>
                </Alert.Root>
              ) : (
                <ApiErrorAlert error={finalize.error} />
              ))}
            <HStack gap={3} flexWrap="wrap">
              <Button type="submit" colorPalette="brand" size="lg" loading={finalize.isPending} loadingText={t('check.finalizing')}>
                {t('check.finalize')}
              </Button>
            </HStack>
          </Stack>
        </chakra.form>
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t('check.cannotFinalize')}</Alert.Description>
        </Alert.Root>
      )}

      <Alert.Root status="info" variant="surface">
        <Alert.Indicator />
        <Alert.Content gap={2}>
          <Alert.Title>{t('check.mismatch.title')}</Alert.Title>
          <Alert.Description>{t('check.mismatch.text')}</Alert.Description>
          <HStack gap={4} flexWrap="wrap">
            <AppLink to={predeclaredPaths.buyback(buyback.id)}>{t('check.mismatch.open')}</AppLink>
            {can('buyback.create') && <AppLink to={predeclaredPaths.create}>{t('check.mismatch.create')}</AppLink>}
          </HStack>
        </Alert.Content>
      </Alert.Root>

      <Box>
        <AppLink to={predeclaredPaths.code}>{t('check.another')}</AppLink>
      </Box>
    </Stack>
  );
}

function DeviceSection({ buyback, gradeLabel }: { buyback: BuybackView; gradeLabel: (grade: string) => string }) {
  const { t } = useTranslation('buybacks-predeclared');
  // For its picture only: a product since unpublished still shows what was declared.
  const product = useProduct(buyback.product.productId);
  return (
    <FactsSection level="h3" id="predeclared-device" title={t('check.sections.device')}>
      <Stack gap={4}>
        <HStack gap={4} align="center">
          {product.data?.imageUrl && <Image src={product.data.imageUrl} alt="" boxSize="64px" objectFit="contain" flexShrink={0} />}
          <Box minW="0">
            <Text fontSize="sm" color="fg.muted">
              {buyback.product.brand}
            </Text>
            <Text fontWeight="semibold" data-testid="predeclared-product">
              {buyback.product.label}
            </Text>
          </Box>
        </HStack>
        <Facts
          items={[
            [t('check.ean'), buyback.product.ean],
            [t('check.imei'), buyback.imei ?? t('check.noImei')],
            [
              t('check.grade'),
              <Text as="span" fontWeight="semibold" data-testid="declared-grade" key="grade">
                {gradeLabel(buyback.grade)}
              </Text>,
            ],
          ]}
        />
      </Stack>
    </FactsSection>
  );
}

/** Each question the customer answered, with their answers (titles from the product's questions; ids when a question is gone). */
function AnswersSection({ buyback }: { buyback: BuybackView }) {
  const { t } = useTranslation('buybacks-predeclared');
  const questions = useDiagnosticQuestions(buyback.product.productId);
  return (
    <FactsSection level="h3" id="predeclared-answers" title={t('check.sections.answers')}>
      {questions.isError && (
        <Text color="fg.muted" mb={3}>
          {t('check.questionsUnavailable')}
        </Text>
      )}
      {buyback.responses.length === 0 ? (
        <Text>{t('check.noAnswers')}</Text>
      ) : questions.isPending ? (
        <Text color="fg.muted">{t('loading')}</Text>
      ) : (
        <AnsweredQuestions responses={buyback.responses} questions={questions.data ?? []} testId="declared-answers" />
      )}
    </FactsSection>
  );
}
