import { Box, Flex, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PROVIDER, RELEASE } from '../release';

/** Year, provider link and version label (specification 002, layout elements). */
export function Footer() {
  const { t } = useTranslation('app');
  return (
    <Box as="footer" bg="bg" borderTopWidth="1px" px={{ base: '3', md: '6' }} py="3" fontSize="sm" color="fg.muted">
      <Flex gap="4" wrap="wrap" align="center">
        <Text>© {new Date().getFullYear()}</Text>
        <Link href={PROVIDER.url} color="fg.muted" textDecoration="underline">
          {t('footer.provider', { name: PROVIDER.name })}
        </Link>
        <Text ms="auto" data-testid="version-label">
          {t('footer.version', { version: RELEASE })}
        </Text>
      </Flex>
    </Box>
  );
}
