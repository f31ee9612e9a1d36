import { Box, Center, Flex, Heading, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form';
import { safeRedirect } from '../../lib/auth';
import { LanguageSwitch } from '../../../shared/components/language-switch';
import { Footer } from '../layouts/footer';

/** /login: public. After signing in, back to where the guard stopped the user, else home. */
export function Component() {
  const { t } = useTranslation(['auth', 'app']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  useEffect(() => {
    document.title = `${t('auth:login.title')} · ${t('app:meta.title')}`;
  }, [t]);

  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle">
      <Flex justify="flex-end" p="3">
        <LanguageSwitch />
      </Flex>
      <Center as="main" flex="1" px="4" py="8">
        <Box bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '6', md: '10' }} w="full" maxW="md" boxShadow="sm">
          <Heading as="h1" size="2xl" mb="2" id="login-title">
            {t('auth:login.title')}
          </Heading>
          <Text color="fg.muted" mb="6">
            {t('auth:login.intro')}
          </Text>
          <LoginForm onSignedIn={() => void navigate(safeRedirect(search.get('redirectTo')), { replace: true })} />
        </Box>
      </Center>
      <Footer />
    </Flex>
  );
}
