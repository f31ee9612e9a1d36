import { Alert, Box, Button, chakra, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useVerifyCodes } from '../api/verify-codes';
import { verificationPaths } from '../paths';
import { fileNameForApi, fileProblem, formatFileSize, readFileText, VERIFICATION_MAX_BYTES } from '../verification-file';
import { FileDropZone } from './file-drop-zone';
import { FormatHelp } from './format-help';
import { ScopeFields, useChoosesWarehouse, type ScopeValue } from './scope-fields';

/** What the report page is told by the upload: the report was just made, and e-mailed to this user. */
export interface JustVerified {
  justVerified: true;
}

/**
 * A list of codes compared with the warehouse: what to compare with, the
 * file (read here as text, its size checked here for a quick answer), and
 * the API's verdict. A refused file shows the API's reason and nothing is
 * recorded; a verified one opens its report; a long one (a job) opens its
 * progress, then its report.
 */
export function VerificationForm() {
  const { t, i18n } = useTranslation(['warehouse-verification', 'api']);
  const navigate = useNavigate();
  const verify = useVerifyCodes();
  const choosesWarehouse = useChoosesWarehouse();
  const keys = useIdempotencyKeys();
  const [scope, setScope] = useState<ScopeValue>({ scope: 'in_transit', stockId: '', warehouseId: '' });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [warehouseMissing, setWarehouseMissing] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [reading, setReading] = useState(false);

  const choose = (chosen: File) => {
    setFile(chosen);
    setRefusal(null);
    const problem = fileProblem(chosen);
    setFileError(problem === null ? null : t(`file.${problem}`, { size: formatFileSize(VERIFICATION_MAX_BYTES, i18n.language) }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const needsWarehouse = choosesWarehouse && scope.warehouseId === '';
    setWarehouseMissing(needsWarehouse);
    if (!file) return setFileError(t('file.required'));
    if (fileError || needsWarehouse) return;
    setReading(true);
    let content: string;
    try {
      content = await readFileText(file);
    } catch {
      setReading(false);
      return setFileError(t('file.unreadable'));
    }
    setReading(false);
    const body = { scope: scope.scope, stockId: scope.stockId || null, warehouseId: scope.warehouseId || null, fileName: fileNameForApi(file.name), content };
    verify.mutate(
      { ...body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: (answer) =>
          void (answer.kind === 'job'
            ? navigate(verificationPaths.job(answer.job.id))
            : navigate(verificationPaths.report(answer.report.id), { state: { justVerified: true } satisfies JustVerified })),
        onError: (error) => {
          if (error instanceof ApiError && !error.isServerError) setRefusal(error);
        },
      },
    );
  }

  return (
    <Box as="section" aria-labelledby="verification-form" bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 5 }}>
      <Heading as="h2" size="lg" id="verification-form" mb="1">
        {t('form.title')}
      </Heading>
      <Text mb="4">{t('form.intro')}</Text>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" alignItems="start">
        <chakra.form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="5">
            <ScopeFields value={scope} onChange={setScope} warehouseMissing={warehouseMissing} />
            <Stack gap="2">
              <Text fontWeight="medium">{t('form.file')}</Text>
              <FileDropZone file={file} onFile={choose} invalid={fileError !== null} describedBy={fileError ? 'verification-file-error' : undefined} />
              {fileError && (
                <Text id="verification-file-error" color="fg.error" fontSize="sm" role="alert">
                  {fileError}
                </Text>
              )}
            </Stack>
            {refusal && <Refusal error={refusal} />}
            {verify.isError && !refusal && <ApiErrorAlert error={verify.error} />}
            <Box>
              <Button type="submit" colorPalette="brand" loading={reading || verify.isPending} loadingText={t('form.verifying')}>
                {t('form.submit')}
              </Button>
            </Box>
          </Stack>
        </chakra.form>
        <FormatHelp />
      </SimpleGrid>
    </Box>
  );
}

/** The API's reason for refusing the file (its texts, with the line and value of a bad code, the columns found), and that nothing changed. */
function Refusal({ error }: { error: ApiError }) {
  const { t } = useTranslation(['warehouse-verification', 'api']);
  const found = Array.isArray(error.details?.found) ? (error.details.found as unknown[]).map(String) : null;
  return (
    <Alert.Root status="error" role="alert" data-testid="verification-refused">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(`api:errors.${error.code}`, { ...(error.details ?? {}), defaultValue: error.message })}</Alert.Title>
        {found && found.length > 0 && <Alert.Description>{t('refused.columnsFound', { columns: found.join(', ') })}</Alert.Description>}
        <Alert.Description>{t('refused.nothingChanged')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
