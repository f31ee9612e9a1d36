import { Chart, useChart } from '@chakra-ui/charts';
import { Box, Heading, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartRow {
  label: string;
  [series: string]: string | number;
}

export interface ChartSeries {
  name: string;
  label: string;
  color: string;
}

interface ChartFigureProps {
  id: string;
  title: string;
  /** What the chart shows, in one sentence: the summary screen readers get instead of the drawing. */
  summary: string;
  rows: ChartRow[];
  series: ChartSeries[];
  format(value: number): string;
  /** Bars across (long labels: stores, categories, statuses). */
  horizontal?: boolean;
}

/**
 * A bar chart with its accessible alternative: the drawing is hidden from
 * screen readers, which read its summary and the same figures as a table
 * (shown to everyone on demand).
 */
export function ChartFigure({ id, title, summary, rows, series, format, horizontal = false }: ChartFigureProps) {
  const { t } = useTranslation('statistics');
  const chart = useChart<ChartRow>({ data: rows, series: series.map((s) => ({ name: s.name, label: s.label, color: s.color })) });
  const height = horizontal ? Math.max(160, rows.length * 28 + 60) : 240;
  return (
    <Box as="figure" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} borderWidth="1px" borderRadius="md" p="4" data-testid={`chart-${id}`}>
      <Heading as="h3" size="sm" mb="1" id={`${id}-title`}>
        {title}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2" id={`${id}-summary`}>
        {summary}
      </Text>
      {rows.length === 0 ? (
        <Text fontSize="sm">{t('charts.empty')}</Text>
      ) : (
        <>
          <Box aria-hidden="true">
            <Chart.Root h={`${height}px`} w="full" aspectRatio="auto" chart={chart}>
              {/* No keyboard layer: the drawing is hidden from assistive technologies (its table says the same), so nothing in it may take the focus. */}
              <BarChart accessibilityLayer={false} responsive style={{ width: '100%', height: '100%' }} data={chart.data} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ left: horizontal ? 24 : 0 }}>
                <CartesianGrid stroke={chart.color('border.muted')} vertical={horizontal} horizontal={!horizontal} />
                {horizontal ? (
                  <>
                    <XAxis type="number" allowDecimals={false} tickFormatter={format} stroke={chart.color('border')} />
                    <YAxis type="category" dataKey={chart.key('label')} width={160} stroke={chart.color('border')} />
                  </>
                ) : (
                  <>
                    <XAxis dataKey={chart.key('label')} stroke={chart.color('border')} />
                    <YAxis allowDecimals={false} tickFormatter={format} stroke={chart.color('border')} />
                  </>
                )}
                <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip formatter={(value: number) => format(value)} />} />
                <Legend content={<Chart.Legend />} />
                {chart.series.map((item) => (
                  <Bar key={String(item.name)} isAnimationActive={false} dataKey={chart.key(item.name)} fill={chart.color(item.color)} name={String(item.label)} />
                ))}
              </BarChart>
            </Chart.Root>
          </Box>
          <details>
            <summary>
              <Text as="span" fontSize="sm">
                {t('charts.showTable')}
              </Text>
            </summary>
            <Table.Root size="sm" mt="2" data-testid={`table-${id}`}>
              <Table.Caption>{title}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">{t('charts.item')}</Table.ColumnHeader>
                  {series.map((s) => (
                    <Table.ColumnHeader key={s.name} scope="col" textAlign="end">
                      {s.label}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row.label}>
                    <Table.Cell as="th" scope="row" fontWeight="normal">
                      {row.label}
                    </Table.Cell>
                    {series.map((s) => (
                      <Table.Cell key={s.name} textAlign="end">
                        {format(Number(row[s.name] ?? 0))}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </details>
        </>
      )}
    </Box>
  );
}
