import { Box, Heading, Link, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { Permission } from '../../lib/auth';
import { buybackCreateRoutes } from '../../features/buyback-create';
import { paths } from '../paths';

interface Entry {
  key: string;
  to: string;
  /** Null: always shown (home). */
  permission: Permission | null;
}

interface Section {
  key: string;
  entries: Entry[];
}

/**
 * The menu tree of specification 002, section 2, limited to the screens that
 * exist: an entry appears when its screen is built and the user holds its
 * permission. Sections with no visible entry disappear.
 */
export const MENU: Section[] = [
  { key: 'main', entries: [{ key: 'home', to: paths.home, permission: null }] },
  {
    key: 'buybacks',
    entries: [
      { key: 'buybackList', to: paths.buybacks, permission: 'buyback.list' },
      ...(buybackCreateRoutes.length > 0 ? [{ key: 'buybackCreate', to: paths.buybackCreate, permission: 'buyback.create' as const }] : []),
    ],
  },
];

export function visibleMenu(can: (permission: Permission) => boolean): Section[] {
  return MENU.map((section) => ({ ...section, entries: section.entries.filter((e) => e.permission === null || can(e.permission)) })).filter(
    (section) => section.entries.length > 0,
  );
}

export function MainMenu({ can }: { can: (permission: Permission) => boolean }) {
  const { t } = useTranslation('app');
  return (
    <Box as="nav" aria-label={t('menu.label')} py="4" px="3">
      <Stack gap="5">
        {visibleMenu(can).map((section) => (
          <Box key={section.key}>
            {section.key !== 'main' && (
              <Heading as="h2" size="xs" textTransform="uppercase" color="fg.muted" px="3" mb="1" id={`menu-${section.key}`}>
                {t(`menu.sections.${section.key}`)}
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
                    <NavLink to={entry.to} end={entry.to === paths.home}>
                      {t(`menu.entries.${entry.key}`)}
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
