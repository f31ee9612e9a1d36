import { Button, Field, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { api } from '../../../lib/api-client';
import type { GeneralSettings } from '../api/general-settings';

const FILES = [
  { field: 'serviceTermsFileId', file: 'serviceTerms' },
  { field: 'faqFileId', file: 'faq' },
  { field: 'personalDataFileId', file: 'personalData' },
  { field: 'cookiesPolicyFileId', file: 'cookiesPolicy' },
] as const;

/**
 * The brand's PDFs (terms of service, FAQ, personal data, cookies policy): each uploaded as
 * a settings file of kind pdf (`POST /api/settings-files?kind=pdf`, at most
 * 250 kB, its type read from its bytes by the API), then named by the page
 * (`onUploaded`), or removed.
 */
export function PdfUploads({ current, onUploaded, refused }: { current: GeneralSettings; onUploaded(field: string, fileId: string | null): void; refused: Record<string, string> }) {
  const { t } = useTranslation('general-settings');
  const errorText = useApiErrorText();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);

  async function upload(field: string, file: File | undefined) {
    if (!file) return;
    setBusy(field);
    setProblems((p) => ({ ...p, [field]: '' }));
    try {
      const stored = await api.request<{ id: string }>('POST', '/settings-files?kind=pdf', { upload: { data: file, contentType: 'application/pdf' } });
      onUploaded(field, stored.data.id);
    } catch (error) {
      setProblems((p) => ({ ...p, [field]: errorText(error) }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {t('files.hint')}
      </Text>
      {FILES.map(({ field, file }) => {
        const url = current.files[file];
        const error = problems[field] || refused[field];
        return (
          <Field.Root key={field} invalid={Boolean(error)}>
            <Field.Label>{t(`fields.${field}`)}</Field.Label>
            <HStack gap="3" flexWrap="wrap">
              {url && (
                <Link href={url} target="_blank" rel="noopener" colorPalette="brand" data-testid={`${file}-pdf`}>
                  {t(`files.${file}`)}
                </Link>
              )}
              <Input type="file" accept="application/pdf" maxW="xs" name={field} disabled={busy !== null} onChange={(event) => void upload(field, event.target.files?.[0])} />
              {url && (
                <Button type="button" size="sm" variant="outline" onClick={() => onUploaded(field, null)} disabled={busy !== null}>
                  {t('files.remove')}
                </Button>
              )}
            </HStack>
            {error && <Field.ErrorText>{error}</Field.ErrorText>}
          </Field.Root>
        );
      })}
    </Stack>
  );
}
