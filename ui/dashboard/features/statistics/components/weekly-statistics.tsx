import { Box, Card, Heading, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardData, type DashboardData, type DashboardWeek } from '../api/dashboard-data';
import { Comparison } from './comparison';
import { formatsOf, type Formats } from './format';

/** The charts and recharts load on their own, after the figures: the dashboard's first load does not carry them. */
const StatisticsCharts = lazy(() => import('./statistics-charts'));

interface Figure {
  key: string;
  /** The week's and the week before's values, null when there is none to show. */
  current: number | null;
  previous: number | null;
  format(value: number): string;
}

function paidOf(week: DashboardWeek, currency: string) {
  return week.paid.find((row) => row.currency === currency) ?? { count: 0, totalInCents: 0, averageInCents: 0 };
}

function figuresOf(data: DashboardData, formats: Formats): Figure[] {
  const { week, previousWeek: before, currency } = data;
  const money = (cents: number) => formats.money(cents, currency);
  return [
    { key: 'created', current: week.created, previous: before.created, format: formats.count },
    { key: 'completed', current: week.completed, previous: before.completed, format: formats.count },
    { key: 'cancelled', current: week.cancelled, previous: before.cancelled, format: formats.count },
    { key: 'paidTotal', current: paidOf(week, currency).totalInCents, previous: paidOf(before, currency).totalInCents, format: money },
    { key: 'paidAverage', current: paidOf(week, currency).count ? paidOf(week, currency).averageInCents : null, previous: paidOf(before, currency).averageInCents, format: money },
    { key: 'conversion', current: week.conversion.rate, previous: before.conversion.rate ?? 0, format: formats.percent },
    { key: 'medianTime', current: week.completionTime.medianMinutes, previous: before.completionTime.medianMinutes ?? 0, format: formats.duration },
    { key: 'p90Time', current: week.completionTime.p90Minutes, previous: before.completionTime.p90Minutes ?? 0, format: formats.duration },
  ];
}

/**
 * The home's weekly statistics (GET /dashboard-data): last week's figures,
 * each against the week before (↑ / ↓ and %), then the charts, each with its
 * table. In the user's language and the account's currency.
 */
export function WeeklyStatistics() {
  const { t, i18n } = useTranslation('statistics');
  const query = useDashboardData(true);
  const formats = useMemo(() => formatsOf(i18n.language), [i18n.language]);
  const data = query.data;
  return (
    <Box as="section" aria-labelledby="weekly-statistics" mb="8" data-testid="weekly-statistics">
      <Heading as="h2" size="lg" mb="1" id="weekly-statistics">
        {t('title')}
      </Heading>
      {query.isError && <Text color="fg.error">{t('loadFailed')}</Text>}
      {!data && !query.isError && <Skeleton height="32" aria-busy="true" />}
      {data && (
        <>
          <Text color="fg.muted" mb="4" data-testid="statistics-week">
            {t('week', { week: data.week.week, range: formats.weekRange(data.week.from, data.week.to) })}
            {' — '}
            {t(`scope.${data.scope}`)}
          </Text>
          <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 4 }} gap="3" listStyleType="none" mb="6">
            {figuresOf(data, formats).map((figure) => (
              <li key={figure.key}>
                <Card.Root variant="outline" size="sm" h="full" data-testid={`figure-${figure.key}`}>
                  <Card.Body gap="1">
                    <Text fontSize="sm" color="fg.muted">
                      {t(`figures.${figure.key}`)}
                    </Text>
                    <Text fontSize="2xl" fontWeight="semibold" data-testid="figure-value">
                      {figure.current === null ? '—' : figure.format(figure.current)}
                    </Text>
                    {figure.current !== null && figure.previous !== null && (
                      <Comparison current={figure.current} previous={figure.previous} formats={formats} display={figure.format(figure.previous)} />
                    )}
                  </Card.Body>
                </Card.Root>
              </li>
            ))}
          </SimpleGrid>
          <Suspense fallback={<Skeleton height="64" />}>
            <StatisticsCharts data={data} />
          </Suspense>
        </>
      )}
    </Box>
  );
}
