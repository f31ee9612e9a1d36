import { Box, Center, Flex, Heading, Text } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../../shared/components/language-switch';
import { Footer } from '../../../app/layouts/footer';

/** The frame of the pages reached without a session (login, lost password, a password link): a card with its title. */
export function PublicPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('app');
  useEffect(() => {
    document.title = `${title} · ${t('meta.title')}`;
  }, [t, title]);
  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle">
      <Flex justify="flex-end" p="3">
        <LanguageSwitch />
      </Flex>
      <Center as="main" flex="1" px="4" py="8">
        <Box bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '6', md: '10' }} w="full" maxW="md" boxShadow="sm">
          <Heading as="h1" size="2xl" mb="2" id="public-page-title">
            {title}
          </Heading>
          {intro && (
            <Text color="fg.muted" mb="6">
              {intro}
            </Text>
          )}
          {children}
        </Box>
      </Center>
      <Footer />
    </Flex>
  );
}
