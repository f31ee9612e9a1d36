import { Alert, Button, chakra, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { download } from '../../../components/list/export-button';
import { getImportDocument, useStartUserImport } from '../api/user-import';
import { usersImportPaths } from '../paths';

/** The largest file the API reads (2 MB): a larger one is refused here before it is sent. */
const MAX_BYTES = 2 * 1024 * 1024;

/** Step 1: the template and the procedure to download, then the file chosen (or dropped) and sent. */
export function UploadStep() {
  const { t, i18n } = useTranslation('users-import');
  const navigate = useNavigate();
  const errorText = useApiErrorText();
  const inputId = useId();
  const errorId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [over, setOver] = useState(false);
  const start = useStartUserImport();
  const documents = useMutation({
    mutationFn: async (kind: 'template.csv' | 'procedure.pdf') => {
      const blob = await getImportDocument(kind);
      download(blob, kind === 'template.csv' ? 'users-import-template.csv' : `users-import-procedure-${i18n.language}.pdf`);
    },
  });

  const choose = (chosen: File) => {
    setFile(chosen);
    setMissing(false);
    start.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    start.mutate(file, { onSuccess: (view) => void navigate(usersImportPaths.of(view.id)) });
  };
  const tooLarge = file !== null && file.size > MAX_BYTES;
  const problem = missing ? t('upload.missing') : tooLarge ? t('upload.tooLarge') : start.error ? errorText(start.error) : null;

  return (
    <Stack asChild gap="5" maxW="2xl">
      <form onSubmit={submit} noValidate aria-label={t('steps.upload')}>
      <Text>{t('upload.intro')}</Text>
      <HStack gap="3" flexWrap="wrap">
        <Button variant="outline" loading={documents.isPending && documents.variables === 'template.csv'} onClick={() => documents.mutate('template.csv')} data-testid="import-template">
          {t('upload.template')}
        </Button>
        <Button variant="outline" loading={documents.isPending && documents.variables === 'procedure.pdf'} onClick={() => documents.mutate('procedure.pdf')} data-testid="import-procedure">
          {t('upload.procedure')}
        </Button>
      </HStack>
      {documents.isError && !(documents.error instanceof ApiError && documents.error.isServerError) && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorText(documents.error)}</Alert.Title>
        </Alert.Root>
      )}
      <chakra.label
        htmlFor={inputId}
        display="block"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={over ? 'brand.solid' : problem ? 'border.error' : 'border.emphasized'}
        bg={over ? 'brand.subtle' : 'bg.subtle'}
        borderRadius="md"
        p={{ base: 4, md: 6 }}
        textAlign="center"
        cursor="pointer"
        _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
        colorPalette="brand"
        onDragOver={(event: DragEvent) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event: DragEvent) => {
          event.preventDefault();
          setOver(false);
          const dropped = event.dataTransfer.files[0];
          if (dropped) choose(dropped);
        }}
        data-testid="import-drop-zone"
      >
        <VisuallyHidden asChild>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            data-testid="import-file"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (chosen) choose(chosen);
              event.target.value = '';
            }}
          />
        </VisuallyHidden>
        <Text fontWeight="semibold" overflowWrap="anywhere">
          {file ? t('upload.chosen', { name: file.name }) : t('upload.choose')}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('upload.limits')}
        </Text>
      </chakra.label>
      {problem && (
        <Alert.Root status="error" role="alert" id={errorId} data-testid="import-upload-error">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
      <HStack>
        <Button type="submit" colorPalette="brand" loading={start.isPending} disabled={tooLarge} data-testid="import-submit">
          {t('upload.submit')}
        </Button>
      </HStack>
      </form>
    </Stack>
  );
}
