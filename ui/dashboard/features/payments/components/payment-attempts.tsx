import { Box, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Payment } from '../types';
import { PaymentFailure } from './payment-failure';

/** Every try at paying the customer, newest first: its outcome, the provider's reference, why it failed, why it was relaunched. */
export function PaymentAttempts({ attempts }: { attempts: Payment['attempts'] }) {
  const { t } = useTranslation('payments');
  const newestFirst = [...attempts].sort((a, b) => b.number - a.number);
  return (
    <Box position="relative" overflowX="auto">
      <Table.Root size="sm" data-testid="payment-attempts">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('attempts.number')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('attempts.outcome')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('attempts.providerReference')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('attempts.details')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {newestFirst.map((attempt) => (
            <Table.Row key={attempt.number} data-outcome={attempt.outcome}>
              <Table.Cell>{attempt.number}</Table.Cell>
              <Table.Cell>{t(`outcomes.${attempt.outcome}`)}</Table.Cell>
              <Table.Cell overflowWrap="anywhere">{attempt.providerReference ?? '—'}</Table.Cell>
              <Table.Cell>
                {attempt.failure && <PaymentFailure failure={attempt.failure} />}
                {attempt.relaunchReason !== null && (
                  <Text fontSize="sm">{t('attempts.relaunchReason', { reason: attempt.relaunchReason })}</Text>
                )}
                {attempt.number > 1 && attempt.relaunchReason === null && <Text fontSize="sm">{t('attempts.relaunched')}</Text>}
                {!attempt.failure && attempt.number === 1 && '—'}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
