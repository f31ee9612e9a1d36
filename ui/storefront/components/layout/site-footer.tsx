import { Box, Button, Container, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RELEASE_LABEL } from '../../../shared/format/release';
import { paths } from '../../app/paths';
import { SERVICE_PROVIDER as PROVIDER } from '../../app/service-provider';
import { useWhiteLabel } from '../../lib/white-label';
import { consentMode } from '../../features/consent/consent-rules';
import { openConsentSettings } from '../../features/consent/consent-manager';

/**
 * Footer: year, provider, release label, terms of use and of service, FAQ and
 * contact, cookies policy, accessibility statement when configured, the
 * cookie settings when there is consent to ask (issue 24). The
 * brand's PDFs (general settings) replace the terms of service and the FAQ
 * pages, and add the personal data policy, when uploaded.
 */
export function SiteFooter() {
  const { t } = useTranslation('app');
  const config = useWhiteLabel();
  const { name, accessibilityStatement, documents } = config;
  const links: Array<{ to: string; label: string; pdf?: boolean }> = [
    { to: paths.termsOfUse.to(), label: t('footer.termsOfUse') },
    documents?.serviceTerms ? { to: documents.serviceTerms, label: t('footer.termsOfService'), pdf: true } : { to: paths.termsOfService.to(), label: t('footer.termsOfService') },
    documents?.faq ? { to: documents.faq, label: t('footer.faq'), pdf: true } : { to: paths.faq.to(), label: t('footer.faq') },
    ...(documents?.personalData ? [{ to: documents.personalData, label: t('footer.personalData'), pdf: true }] : []),
    { to: paths.cookiesPolicy.to(), label: t('footer.cookiesPolicy') },
    ...(accessibilityStatement ? [{ to: paths.accessibilityStatement.to(), label: t('footer.accessibility') }] : []),
  ];
  return (
    <Box as="footer" bg="gray.900" color="gray.100" mt="auto" py={8} fontSize="sm">
      <Container maxW="6xl">
        <Stack gap={4}>
          <Flex as="nav" aria-label={t('footer.label')} gap={{ base: 2, md: 6 }} wrap="wrap" direction={{ base: 'column', md: 'row' }}>
            {links.map((link) => (
              <Link key={link.to} asChild color="gray.100" textDecoration="underline">
                {link.pdf ? (
                  <a href={link.to} target="_blank" rel="noopener">
                    {link.label}
                  </a>
                ) : (
                  <RouterLink to={link.to}>{link.label}</RouterLink>
                )}
              </Link>
            ))}
            {consentMode(config) !== 'none' ? (
              <Button variant="plain" onClick={openConsentSettings} color="gray.100" textDecoration="underline" fontSize="sm" h="auto" p={0} fontWeight="normal" justifyContent="start">
                {t('footer.cookieSettings')}
              </Button>
            ) : null}
          </Flex>
          <Flex gap={{ base: 1, md: 4 }} wrap="wrap" direction={{ base: 'column', md: 'row' }}>
            <Text>{t('footer.copyright', { year: new Date().getFullYear(), name })}</Text>
            <Text>
              {t('footer.poweredBy')}{' '}
              {PROVIDER.url ? (
                <Link href={PROVIDER.url} color="gray.100" textDecoration="underline" data-testid="provider-link">
                  {PROVIDER.name}
                </Link>
              ) : (
                <span data-testid="provider-link">{PROVIDER.name}</span>
              )}
            </Text>
            <Text ms={{ md: 'auto' }} data-testid="release-label">
              {t('footer.release', { release: RELEASE_LABEL })}
            </Text>
          </Flex>
        </Stack>
      </Container>
    </Box>
  );
}
