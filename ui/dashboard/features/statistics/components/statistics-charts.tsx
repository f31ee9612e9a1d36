import { SimpleGrid } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardData } from '../api/dashboard-data';
import { ChartFigure, type ChartRow, type ChartSeries } from './chart-figure';
import { formatsOf } from './format';

const COUNTS = ['created', 'completed', 'cancelled'] as const;

/**
 * The week's charts (loaded apart, with recharts): the buybacks against the
 * week before, by channel, by store, by category, and the items in each
 * status at the week's end against the week before's.
 */
export default function StatisticsCharts({ data }: { data: DashboardData }) {
  const { t, i18n } = useTranslation('statistics');
  const formats = useMemo(() => formatsOf(i18n.language), [i18n.language]);
  const { week, previousWeek } = data;
  const weeks: ChartSeries[] = [
    { name: 'week', label: t('charts.lastWeek'), color: 'brand.solid' },
    { name: 'previous', label: t('charts.weekBefore'), color: 'gray.400' },
  ];
  const counts: ChartSeries[] = [
    { name: 'created', label: t('figures.created'), color: 'brand.solid' },
    { name: 'completed', label: t('figures.completed'), color: 'green.500' },
    { name: 'cancelled', label: t('figures.cancelled'), color: 'red.400' },
  ];
  const breakdownRows = (rows: DashboardData['week']['byStore']['top'], unnamed: string): ChartRow[] =>
    rows.map((row) => ({ label: row.name ?? (row.id === null ? t('charts.noStore') : unnamed), created: row.created, completed: row.completed, cancelled: row.cancelled }));

  const buybacks: ChartRow[] = COUNTS.map((key) => ({ label: t(`figures.${key}`), week: week[key], previous: previousWeek[key] }));
  const channels: ChartRow[] = week.byChannel.map((row) => ({ label: t(`channels.${row.channel}`), created: row.created, completed: row.completed, cancelled: row.cancelled }));
  const stores = breakdownRows(week.byStore.top, t('charts.unknownStore'));
  const categories = breakdownRows(week.byCategory.top, t('charts.unknownCategory'));
  const statuses = [...new Set([...week.items, ...previousWeek.items].map((row) => row.status))];
  const items: ChartRow[] = statuses.map((status) => ({
    label: t(`api:items.statuses.${status}`),
    week: week.items.find((row) => row.status === status)?.count ?? 0,
    previous: previousWeek.items.find((row) => row.status === status)?.count ?? 0,
  }));
  const count = formats.count;

  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
      <ChartFigure
        id="buybacks"
        title={t('charts.buybacks')}
        summary={t('charts.buybacksSummary', { created: count(week.created), completed: count(week.completed), cancelled: count(week.cancelled), before: count(previousWeek.created) })}
        rows={buybacks}
        series={weeks}
        format={count}
      />
      <ChartFigure id="channels" title={t('charts.channels')} summary={t('charts.channelsSummary', { store: count(week.byChannel.find((c) => c.channel === 'store')?.created ?? 0), web: count(week.byChannel.find((c) => c.channel === 'web')?.created ?? 0) })} rows={channels} series={counts} format={count} />
      <ChartFigure id="stores" title={t('charts.stores')} summary={t('charts.breakdownSummary', { count: stores.length, others: week.byStore.others.keys })} rows={stores} series={counts} format={count} horizontal />
      <ChartFigure id="categories" title={t('charts.categories')} summary={t('charts.breakdownSummary', { count: categories.length, others: week.byCategory.others.keys })} rows={categories} series={counts} format={count} horizontal />
      <ChartFigure id="items" title={t('charts.items')} summary={t('charts.itemsSummary', { count: count(week.items.reduce((s, r) => s + r.count, 0)) })} rows={items} series={weeks} format={count} horizontal />
    </SimpleGrid>
  );
}
