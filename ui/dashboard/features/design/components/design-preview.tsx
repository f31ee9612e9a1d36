import { Box, Button, Flex, HStack, Image, Link, Text } from '@chakra-ui/react';
import { colorContrast, normalisedColor } from '@server/domain/settings/design/contrast';
import { useTranslation } from 'react-i18next';

/** The header and buttons as they will look once saved (before saving): the logo at most 250×50 (150×30 on mobile), both colours with their text. */
export function DesignPreview({ name, logo, mainColor, secondaryColor }: { name: string; logo: string | null; mainColor: string; secondaryColor: string }) {
  const { t } = useTranslation('design');
  const main = normalisedColor(mainColor) ? colorContrast(mainColor) : null;
  const secondary = normalisedColor(secondaryColor) ? colorContrast(secondaryColor) : main;
  return (
    <Box borderWidth="1px" rounded="md" overflow="hidden" data-testid="design-preview" aria-label={t('preview.title')}>
      <Flex as="header" align="center" gap="4" px="4" py="2" bg="bg" borderTopWidth="4px" style={{ borderTopColor: main?.color }} borderBottomWidth="1px">
        {logo ? <Image src={logo} alt="" h={{ base: '30px', md: '50px' }} w="auto" maxW={{ base: '150px', md: '250px' }} objectFit="contain" /> : <Text fontWeight="bold">{name}</Text>}
        <Link ms="auto" style={{ color: secondary?.color }} textDecoration="underline" href="#" onClick={(e) => e.preventDefault()}>
          {t('preview.link')}
        </Link>
      </Flex>
      <HStack gap="3" p="4" wrap="wrap">
        <Button style={main ? { background: main.color, color: main.text } : undefined}>{t('preview.primary')}</Button>
        <Button style={secondary ? { background: secondary.color, color: secondary.text } : undefined}>{t('preview.secondary')}</Button>
        <Button variant="outline" style={{ borderColor: main?.color, color: 'inherit' }}>
          {t('preview.outline')}
        </Button>
      </HStack>
    </Box>
  );
}
