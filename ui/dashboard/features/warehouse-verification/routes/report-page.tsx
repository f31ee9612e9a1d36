import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { useVerification } from '../api/get-verification';
import type { JustVerified } from '../components/verification-form';
import { VerificationReport } from '../components/verification-report';
import { verificationPaths } from '../paths';
import { UuidRoute } from '../../../components/uuid-route';

/** /verification/{id}: one verification's report; ids are UUIDs, anything else names nothing. */
export function Component() {
  return <UuidRoute>{(id) => <Report key={id} id={id} />}</UuidRoute>;
}

function Report({ id }: { id: string }) {
  const { t } = useTranslation('warehouse-verification');
  const report = useVerification(id);
  const justVerified = (useLocation().state as JustVerified | null)?.justVerified === true;
  const listCrumb = { label: t('title'), to: verificationPaths.page };

  if (report.isPending) return <LoadingStatus size="lg" py="16" />;
  if (report.isError) return <DetailLoadFailed error={report.error} listCrumb={listCrumb} ns="warehouse-verification" />;
  return (
    <Page
      title={t('report.title', { fileName: report.data.fileName })}
      breadcrumbs={[listCrumb, { label: report.data.fileName }]}
      actions={
        <Button asChild colorPalette="brand" variant="outline">
          <RouterLink to={verificationPaths.page}>{t('report.another')}</RouterLink>
        </Button>
      }
    >
      <VerificationReport report={report.data} justVerified={justVerified} />
    </Page>
  );
}
