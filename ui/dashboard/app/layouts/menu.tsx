import { Box, Heading, Link, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { Me } from '../../lib/auth';
import { PremiumBadge } from '../../../shared/components/premium-badge';
import { paths } from '../paths';

/**
 * The menu the API assembles from the platform's parts (GET /api/me `menu`):
 * the entries the user's permissions and settings open, by section, labels
 * in the interface language. The main section (home) has no heading.
 */
export function MainMenu({ menu }: { menu: Me['menu'] }) {
  const { t } = useTranslation('app');
  return (
    <Box as="nav" aria-label={t('menu.label')} py="4" px="3">
      <Stack gap="5">
        {menu.sections.map((section) => (
          <Box key={section.key}>
            {section.key !== 'main' && (
              <Heading as="h2" size="xs" textTransform="uppercase" color="fg.muted" px="3" mb="1" id={`menu-${section.key}`}>
                {section.label}
              </Heading>
            )}
            <Stack as="ul" gap="0.5" listStyleType="none" aria-labelledby={section.key !== 'main' ? `menu-${section.key}` : undefined}>
              {section.entries.map((entry) => (
                <li key={entry.key}>
                  <Link
                    asChild
                    display="block"
                    px="3"
                    py="2"
                    borderRadius="md"
                    color="fg"
                    _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
                    css={{ '&[aria-current=page]': { bg: 'brand.muted', fontWeight: 'semibold', color: 'brand.fg' } }}
                  >
                    <NavLink to={entry.path} end={entry.path === paths.home}>
                      {entry.label} {entry.premium && <PremiumBadge feature={entry.premium} />}
                    </NavLink>
                  </Link>
                </li>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
