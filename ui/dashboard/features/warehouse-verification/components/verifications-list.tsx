import type { VerificationView } from '@server/application/warehouse/warehouse-views';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../../shared/format/format';
import { ListScreen, type ListColumn } from '../../../components/list';
import { useListParams } from '../../../hooks/use-list-params';
import { useVerifications } from '../api/get-verifications';
import { verificationList } from '../list-params';
import { verificationPaths } from '../paths';
import { useScopeLabel } from './use-scope-label';

/** The warehouse's past verifications, newest first, each leading to its report. */
export function VerificationsList() {
  const { t, i18n } = useTranslation('warehouse-verification');
  const [params, setParams] = useListParams(verificationList);
  const list = useVerifications(params);
  const scopeLabel = useScopeLabel();
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  const columns = useMemo<Array<ListColumn<VerificationView, 'createdAt'>>>(
    () => [
      {
        id: 'createdAt',
        header: t('report.createdAt'),
        sort: 'createdAt',
        nowrap: true,
        cell: (row) => (
          <RouterLink to={verificationPaths.report(row.id)} style={{ textDecoration: 'underline' }}>
            {formatDateTime(row.createdAt, i18n.language)}
          </RouterLink>
        ),
      },
      { id: 'fileName', header: t('report.fileName'), cell: (row) => row.fileName },
      { id: 'scope', header: t('report.scope'), cell: (row) => scopeLabel(row) },
      { id: 'codesRead', header: t('report.codesRead'), numeric: true, cell: (row) => number.format(row.codesRead) },
      { id: 'matched', header: t('report.groups.matched'), numeric: true, cell: (row) => number.format(row.matched.count) },
      { id: 'missing', header: t('report.groups.missing'), numeric: true, cell: (row) => number.format(row.missing.count) },
      { id: 'unexpected', header: t('report.groups.unexpected'), numeric: true, cell: (row) => number.format(row.unexpected.count) },
    ],
    [t, i18n.language, number, scopeLabel],
  );

  return (
    <ListScreen
      ns="warehouse-verification"
      definition={verificationList}
      params={params}
      onParams={setParams}
      query={list}
      columns={columns}
      rowKey={(row) => row.id}
      rowTestId="verification-row"
      totalTestId="verifications-total"
    />
  );
}
