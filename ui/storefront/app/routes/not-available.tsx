import { Box, Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../shared/components/language-switch';
import { PAGE_TITLE_ID } from '../../components/page-header';
import { PAGE_DESCRIPTIONS, setMetaDescription } from '../page-descriptions';

/** Shown when the white-label configuration did not load: no retailer, no branding, just a way to try again. */
export function Component() {
  const { t } = useTranslation('app');
  useEffect(() => {
    document.title = t('notAvailable.title');
    setMetaDescription(t(PAGE_DESCRIPTIONS.notAvailable));
  }, [t]);
  return (
    <Flex direction="column" minH="100dvh">
      <Box as="header" borderBottomWidth="1px" py={3}>
        <Container maxW="3xl">
          <Flex justify="end">
            <LanguageSwitch />
          </Flex>
        </Container>
      </Box>
      <Box as="main" flex="1">
        <Container maxW="3xl" py={{ base: 10, md: 16 }}>
          <Stack gap={4}>
            <Heading as="h1" id={PAGE_TITLE_ID} tabIndex={-1} size="2xl">
              {t('notAvailable.title')}
            </Heading>
            <Text>{t('notAvailable.text')}</Text>
            <Button alignSelf="start" colorPalette="brand" onClick={() => window.location.assign('/')}>
              {t('notAvailable.retry')}
            </Button>
          </Stack>
        </Container>
      </Box>
    </Flex>
  );
}
