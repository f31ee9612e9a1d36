import { Field, HStack, Image, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRefusals } from '../../../hooks/use-form-refusals';
import { useUploadSettingsFile } from '../../design/api/design';

interface Props {
  name: string;
  n: number;
  accountId: string;
  url: string;
  onUploaded(url: string): void;
}

/**
 * The search widget's banner uploaded at once (POST /settings-files?kind=banner:
 * JPG, PNG or WebP of at most 500 kB, its type and size read from its bytes by
 * the API); its address then fills the banner field, saved with the form.
 */
export function BannerUpload({ name, n, accountId, url, onUploaded }: Props) {
  const { t } = useTranslation('home-page');
  const upload = useUploadSettingsFile();
  const refusal = useFormRefusals<never>(() => null);
  const [failed, setFailed] = useState(false);

  function send(file: File | undefined) {
    if (!file) return;
    setFailed(false);
    upload.mutate(
      { kind: 'banner', file, accountId },
      {
        onSuccess: (stored) => onUploaded(stored.url),
        onError: (error) => {
          refusal.refuse(error);
          setFailed(true);
        },
      },
    );
  }

  return (
    <Field.Root invalid={failed}>
      <Field.Label>{t('fields.bannerUpload', { n })}</Field.Label>
      <HStack gap="3" wrap="wrap">
        {url.startsWith('/api/settings-files/') && <Image src={url} alt={t('banner.current', { n })} maxH="60px" maxW="240px" objectFit="cover" data-testid={`banner-current-${n}`} />}
        <Input type="file" name={name} accept="image/jpeg,image/png,image/webp" onChange={(e) => send(e.target.files?.[0])} maxW="sm" p="1" disabled={upload.isPending} />
      </HStack>
      <Field.HelperText>{t('help.bannerUpload')}</Field.HelperText>
      {failed && <Field.ErrorText>{refusal.failure}</Field.ErrorText>}
    </Field.Root>
  );
}
