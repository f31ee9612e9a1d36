import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout, switchModule, type Me } from '../../lib/auth';
import { dropdownTimeout } from '../../lib/dropdown-timeout';

/** The user's name; logout; and "log in as" another of their modules (X-Module). */
export function ProfileMenu({ me }: { me: Me }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  // The pointer leaving the open menu closes it 500 ms later, unless it comes back.
  const closing = useMemo(() => dropdownTimeout(() => setOpen(false)), []);
  useEffect(() => closing.cancel, [closing]);
  const otherModules = Object.keys(me.modules).filter((module) => module !== me.currentModule);
  const name = `${me.firstname} ${me.lastname}`;

  async function signOut() {
    setBusy(true);
    await logout(navigate);
  }

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} open={open} onOpenChange={(details) => setOpen(details.open)}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('header.profileMenu', { name })} disabled={busy}>
          <Text as="span" truncate maxW="40">
            {name}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="64" maxH="90vh" overflowY="auto" onPointerLeave={closing.leave} onPointerEnter={closing.enter}>
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>
                {me.currentModule ? t('header.signedInAs', { role: t(`userTypes.${me.modules[me.currentModule] ?? me.types[0]}`), module: t(`modules.${me.currentModule}`) }) : name}
              </Menu.ItemGroupLabel>
            </Menu.ItemGroup>
            {otherModules.length > 0 && (
              <>
                <Menu.Separator />
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>{t('header.loginAs')}</Menu.ItemGroupLabel>
                  {otherModules.map((module) => (
                    <Menu.Item
                      key={module}
                      value={`module-${module}`}
                      disabled={busy}
                      onSelect={() => {
                        if (busy) return;
                        setBusy(true);
                        switchModule(module);
                      }}
                    >
                      {t('header.moduleChoice', { module: t(`modules.${module}`), role: t(`userTypes.${me.modules[module]}`) })}
                    </Menu.Item>
                  ))}
                </Menu.ItemGroup>
              </>
            )}
            <Menu.Separator />
            <Menu.Item value="logout" onSelect={() => void signOut()} disabled={busy}>
              {t('header.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
