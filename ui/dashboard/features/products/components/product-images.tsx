import { Box, Field, HStack, Image, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_IMAGE_MAX_BYTES } from '../types';

export type ImageKind = 'image' | 'hd';
export type ChosenImages = Partial<Record<ImageKind, File>>;

/** What the browser can tell before sending: a JPG or PNG name and type, within its kind's size (the API reads the real type from the content). */
export function imageProblem(kind: ImageKind, file: File): 'type' | 'size' | null {
  if (!/\.(jpe?g|png)$/i.test(file.name) || (file.type && !['image/jpeg', 'image/png'].includes(file.type))) return 'type';
  return file.size > PRODUCT_IMAGE_MAX_BYTES[kind] ? 'size' : null;
}

/** The image and HD image: the current ones shown, a new JPG or PNG chosen for each (sent when the product is saved). */
export function ImageFields({
  current,
  chosen,
  onChoose,
  refused,
  readOnly,
}: {
  current: { imageUrl: string | null; imageHdUrl: string | null };
  chosen: ChosenImages;
  onChoose(kind: ImageKind, file: File | null): void;
  refused: Partial<Record<ImageKind, string>>;
  readOnly: boolean;
}) {
  const { t } = useTranslation('products');
  const field = (kind: ImageKind) => {
    const url = kind === 'hd' ? current.imageHdUrl : current.imageUrl;
    const file = chosen[kind];
    const problem = file ? imageProblem(kind, file) : null;
    const error = problem ? t(`images.${problem}`, { maxKb: PRODUCT_IMAGE_MAX_BYTES[kind] / 1024 }) : refused[kind];
    return (
      <Stack gap="3" key={kind}>
        <Field.Root invalid={Boolean(error)} disabled={readOnly}>
          <Field.Label>{t(`images.${kind}`)}</Field.Label>
          <Input
            type="file"
            name={kind}
            accept="image/jpeg,image/png,.jpg,.jpeg,.png"
            p="1"
            onChange={(e) => onChoose(kind, e.target.files?.[0] ?? null)}
            data-testid={`product-${kind}-file`}
          />
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{t('images.help', { maxKb: PRODUCT_IMAGE_MAX_BYTES[kind] / 1024 })}</Field.HelperText>}
        </Field.Root>
        <Box borderWidth="1px" borderRadius="md" p="3" minH="32" display="flex" alignItems="center" justifyContent="center" bg="bg.subtle">
          {file && !problem ? (
            <Text fontSize="sm">{t('images.chosen', { name: file.name })}</Text>
          ) : url ? (
            <Image src={url} alt={t(`images.${kind}`)} maxH="40" objectFit="contain" data-testid={`product-${kind}-preview`} />
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {t('images.none')}
            </Text>
          )}
        </Box>
      </Stack>
    );
  };
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        {field('image')}
        {field('hd')}
      </SimpleGrid>
      <HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('images.whenSaved')}
        </Text>
      </HStack>
    </Stack>
  );
}
