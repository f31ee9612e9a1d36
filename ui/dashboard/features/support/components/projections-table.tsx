import { Badge, Box, Button, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ProjectionRow } from '../types';
import { RebuildProgress } from './rebuild-progress';

interface ProjectionsTableProps {
  projections: readonly ProjectionRow[];
  canRebuild: boolean;
  onRebuild(name: string): void;
  /** A request is on its way: buttons wait for its answer. */
  busy: boolean;
}

/** Every read model: its checkpoint, its lag behind the log, and its rebuild (the button, or the progress of the one running). */
export function ProjectionsTable({ projections, canRebuild, onRebuild, busy }: ProjectionsTableProps) {
  const { t, i18n } = useTranslation('support');
  const format = (n: number) => n.toLocaleString(i18n.language);
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="support-projections">
        <Table.Caption srOnly>{t('projections.caption')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('projections.name')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('projections.checkpoint')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('projections.lag')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('projections.rebuild')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {projections.map((projection) => (
            <Table.Row key={projection.name} data-testid={`projection-${projection.name}`}>
              <Table.Cell fontFamily="mono">{projection.name}</Table.Cell>
              <Table.Cell textAlign="end">{format(projection.position)}</Table.Cell>
              <Table.Cell textAlign="end">
                <Badge colorPalette={projection.lag === 0 ? 'green' : 'orange'} data-testid="lag">
                  {format(projection.lag)}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                {projection.rebuild ? (
                  <RebuildProgress job={projection.rebuild} />
                ) : (
                  canRebuild && (
                    <Button size="xs" variant="outline" disabled={busy} onClick={() => onRebuild(projection.name)} aria-label={t('actions.rebuildOne', { name: projection.name })}>
                      {t('actions.rebuild')}
                    </Button>
                  )
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
