import { Alert, Button, chakra, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { useStartImport, type CatalogImport } from '../api/imports';

/** The largest file the API reads (10 MB): a larger one is refused here before it is sent. */
const MAX_BYTES = 10 * 1024 * 1024;

/** A products file chosen and sent; a file the API refuses (nothing changed) says why. */
export function UploadForm({ accountId, onStarted }: { accountId: string; onStarted(view: CatalogImport): void }) {
  const { t } = useTranslation('catalog-transfer');
  const errorText = useApiErrorText();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const start = useStartImport(accountId);
  const tooLarge = file !== null && file.size > MAX_BYTES;
  const problem = missing ? t('imports.upload.missing') : tooLarge ? t('imports.upload.tooLarge') : start.error ? errorText(start.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    start.mutate(file, {
      onSuccess: (view) => {
        setFile(null);
        onStarted(view);
      },
    });
  };

  return (
    <Stack asChild gap="3" maxW="2xl">
      <form onSubmit={submit} noValidate aria-label={t('imports.upload.title')}>
        <Text>{t('imports.upload.intro')}</Text>
        <chakra.label
          htmlFor={inputId}
          display="block"
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={problem ? 'border.error' : 'border.emphasized'}
          bg="bg.subtle"
          borderRadius="md"
          p="4"
          textAlign="center"
          cursor="pointer"
          _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
          colorPalette="brand"
        >
          <VisuallyHidden asChild>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              aria-invalid={problem ? true : undefined}
              data-testid="catalog-import-file"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) {
                  setFile(chosen);
                  setMissing(false);
                  start.reset();
                }
                event.target.value = '';
              }}
            />
          </VisuallyHidden>
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {file ? t('imports.upload.chosen', { name: file.name }) : t('imports.upload.choose')}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t('imports.upload.limits')}
          </Text>
        </chakra.label>
        {problem && (
          <Alert.Root status="error" role="alert" data-testid="catalog-import-error">
            <Alert.Indicator />
            <Alert.Title>{problem}</Alert.Title>
          </Alert.Root>
        )}
        <HStack>
          <Button type="submit" colorPalette="brand" loading={start.isPending} disabled={tooLarge} data-testid="catalog-import-submit">
            {t('imports.upload.submit')}
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
