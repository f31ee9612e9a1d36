import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { StepHeadingRef } from './step-focus';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../format/format';
import { useGradeLabel } from '../../format/grade';
import type { EstimateView, PaymentAmountView } from '@server/application/catalog/catalog-views';

/**
 * The estimated price, prominent, with the grade the answers gave; once a
 * payment mode is chosen, what the customer is paid by it (its bonus or
 * malus applied).
 */
export function EstimatePanel({
  estimate,
  productLabel,
  headingRef,
  headingLevel = 'h2',
  paymentModeId = null,
}: {
  estimate: EstimateView;
  productLabel: string;
  headingRef?: StepHeadingRef;
  headingLevel?: 'h2' | 'h3';
  paymentModeId?: string | null;
}) {
  const { t, i18n } = useTranslation('buyback-path');
  const gradeLabel = useGradeLabel();
  return (
    <Box as="section" aria-labelledby="estimate-heading" bg="brand.subtle" borderWidth="1px" borderColor="brand.muted" borderRadius="l3" p={{ base: 5, md: 6 }}>
      <Stack gap={1}>
        <Heading as={headingLevel} id="estimate-heading" size="md" ref={headingRef} tabIndex={-1} outline="none">
          {t('estimate.title')}
        </Heading>
        <Text color="fg.muted">{productLabel}</Text>
        <Text fontSize={{ base: '3xl', md: '4xl' }} fontWeight="bold" color="brand.fg" data-testid="estimated-price">
          {formatMoney(estimate.price, i18n.language)}
        </Text>
        <Text>{t('estimate.grade', { grade: gradeLabel(estimate.grade) })}</Text>
        {estimate.impacts.length > 0 && (
          <Box as="ul" listStyleType="none" fontSize="sm" color="fg.muted" aria-label={t('estimate.impacts')} data-testid="estimate-impacts">
            {estimate.impacts.map((impact) => (
              <li key={impact.answerId}>
                {t('estimate.impact', { label: impact.label, amount: `${impact.amount.amountInCents > 0 ? '+' : ''}${formatMoney(impact.amount, i18n.language)}` })}
              </li>
            ))}
          </Box>
        )}
        <PaidBy payment={estimate.payments?.find((p) => p.paymentModeId === paymentModeId) ?? null} />
        <Text fontSize="sm" color="fg.muted">
          {t('estimate.note')}
        </Text>
      </Stack>
    </Box>
  );
}

function PaidBy({ payment }: { payment: PaymentAmountView | null }) {
  const { t, i18n } = useTranslation('buyback-path');
  if (!payment) return null;
  return (
    <Text fontWeight="semibold" data-testid="payment-amount">
      {t('estimate.paidBy', { mode: payment.label, amount: formatMoney(payment.amount, i18n.language) })}
    </Text>
  );
}
