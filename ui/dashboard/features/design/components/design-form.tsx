import { Alert, Button, Field, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { normalisedColor } from '@server/domain/settings/design/contrast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/toaster';
import { useFormRefusals } from '../../../hooks/use-form-refusals';
import { useUpdateDesign, useUploadSettingsFile, type Design, type DesignPatch } from '../api/design';
import { ColorField } from './color-field';
import { DesignPreview } from './design-preview';

type Field = 'mainColor' | 'secondaryColor' | 'logoFileId' | 'faviconFileId';
const FIELDS: readonly Field[] = ['mainColor', 'secondaryColor', 'logoFileId', 'faviconFileId'];
const fieldOf = (path: string): Field | null => (FIELDS as readonly string[]).find((field) => path.replace(/^\//, '').startsWith(field)) as Field | null;

/** The design's form: logo and favicon (uploaded at once, saved with the form), both colours with their live contrast, the preview; saved as a merge-patch of what changed (If-Match). */
export function DesignForm({ design, accountName, staffAccountId }: { design: Design; accountName: string; staffAccountId?: string | undefined }) {
  const { t } = useTranslation(['design', 'common']);
  const update = useUpdateDesign();
  const uploadFile = useUploadSettingsFile();
  const refusals = useFormRefusals<Field>(fieldOf, { DESIGN_COLOR_CONTRAST_TOO_LOW: 'mainColor', SETTINGS_FILE_KIND_MISMATCH: 'logoFileId', SETTINGS_FILE_TYPE_REFUSED: 'logoFileId', SETTINGS_FILE_TOO_LARGE: 'logoFileId' });
  const [mainColor, setMainColor] = useState(design.mainColor);
  const [secondaryColor, setSecondaryColor] = useState(design.secondaryColor ?? '');
  const [logo, setLogo] = useState({ id: design.logoFileId, url: design.logoUrl });
  const [favicon, setFavicon] = useState({ id: design.faviconFileId, url: design.faviconUrl });
  const [uploadError, setUploadError] = useState<{ kind: 'logo' | 'favicon'; message: string } | null>(null);
  const refusalText = useFormRefusals<never>(() => null);

  function send(kind: 'logo' | 'favicon', file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    uploadFile.mutate(
      { kind, file, ...(staffAccountId ? { accountId: staffAccountId } : {}) },
      {
        onSuccess: (stored) => (kind === 'logo' ? setLogo : setFavicon)({ id: stored.id, url: stored.url }),
        onError: (error) => {
          refusalText.refuse(error);
          setUploadError({ kind, message: '' });
        },
      },
    );
  }

  function save() {
    refusals.clear();
    const body: DesignPatch = {};
    if (normalisedColor(mainColor) !== design.mainColor) body.mainColor = mainColor;
    const secondary = secondaryColor.trim() === '' ? null : secondaryColor;
    if ((secondary === null ? null : normalisedColor(secondary)) !== design.secondaryColor) body.secondaryColor = secondary;
    if (logo.id !== design.logoFileId) body.logoFileId = logo.id;
    if (favicon.id !== design.faviconFileId) body.faviconFileId = favicon.id;
    update.mutate(
      { accountId: design.accountId, body, revision: design.revision },
      { onSuccess: () => toaster.create({ type: 'success', title: t('notifications.saved') }), onError: (error) => refusals.refuse(error) },
    );
  }

  const fileField = (kind: 'logo' | 'favicon', current: { id: string | null; url: string | null }, set: (v: { id: null; url: null }) => void) => (
    <Field.Root invalid={uploadError?.kind === kind || Boolean(refusals.refused[kind === 'logo' ? 'logoFileId' : 'faviconFileId'])}>
      <Field.Label>{t(`fields.${kind}FileId`)}</Field.Label>
      <HStack gap="3" wrap="wrap">
        {current.url && <Image src={current.url} alt={t(`form.${kind}Current`)} maxH={kind === 'logo' ? '50px' : '32px'} maxW="250px" objectFit="contain" data-testid={`${kind}-current`} />}
        <Input type="file" name={kind} accept={kind === 'logo' ? 'image/png,image/jpeg' : 'image/png,image/x-icon,.ico'} onChange={(e) => send(kind, e.target.files?.[0])} maxW="sm" p="1" />
        {current.url && (
          <Button variant="ghost" size="sm" onClick={() => set({ id: null, url: null })}>
            {t('form.remove')}
          </Button>
        )}
      </HStack>
      <Field.HelperText>{t(`form.${kind}Help`)}</Field.HelperText>
      {uploadError?.kind === kind && <Field.ErrorText>{refusalText.failure}</Field.ErrorText>}
      {refusals.refused[kind === 'logo' ? 'logoFileId' : 'faviconFileId'] && <Field.ErrorText>{refusals.refused[kind === 'logo' ? 'logoFileId' : 'faviconFileId']}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <Stack gap="6" maxW="3xl">
      {fileField('logo', logo, setLogo)}
      {fileField('favicon', favicon, setFavicon)}
      <ColorField name="mainColor" label={t('fields.mainColor')} value={mainColor} onChange={setMainColor} error={refusals.refused.mainColor} />
      <ColorField name="secondaryColor" label={t('fields.secondaryColor')} value={secondaryColor} onChange={setSecondaryColor} error={refusals.refused.secondaryColor} optional />
      <Stack gap="2">
        <Text fontWeight="semibold">{t('preview.title')}</Text>
        <DesignPreview name={accountName} logo={logo.url} mainColor={mainColor} secondaryColor={secondaryColor} />
      </Stack>
      {refusals.failure && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{refusals.failure}</Alert.Title>
        </Alert.Root>
      )}
      <HStack justify="end">
        <Button onClick={save} loading={update.isPending} disabled={uploadFile.isPending} data-testid="design-save">
          {t('common:actions.save')}
        </Button>
      </HStack>
    </Stack>
  );
}
