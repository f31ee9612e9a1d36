import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { useVerification } from '../api/get-verification';
import type { JustVerified } from '../components/verification-form';
import { VerificationReport } from '../components/verification-report';
import { verificationPaths } from '../paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /verification/{id}: one verification's report; ids are UUIDs, anything else names nothing. */
export function Component() {
  const { id = '' } = useParams();
  if (!UUID.test(id)) return <NotFound />;
  return <Report key={id} id={id} />;
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
