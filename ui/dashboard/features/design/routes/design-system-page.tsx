import { Alert, Badge, Button, Field, Heading, HStack, Input, Link, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PremiumBadge } from '../../../../shared/components/premium-badge';
import { Page } from '../../../components/page';

const STATUSES = ['info', 'success', 'warning', 'error'] as const;

/** /design-system: the dashboard's components as they look in the current colours (the tenant's design, else the default green). */
export function Component() {
  const { t } = useTranslation('design');
  const section = (title: string, children: React.ReactNode) => (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
  return (
    <Page title={t('system.title')} breadcrumbs={[{ label: t('system.title') }]}>
      <Stack gap="8" data-testid="design-system">
        <Text color="fg.muted">{t('system.intro')}</Text>
        {section(
          t('system.buttons'),
          <HStack gap="3" wrap="wrap">
            <Button>{t('system.primary')}</Button>
            <Button colorPalette="secondary">{t('system.secondary')}</Button>
            <Button variant="outline">{t('system.outline')}</Button>
            <Button variant="subtle">{t('system.subtle')}</Button>
            <Button variant="ghost">{t('system.ghost')}</Button>
            <Button colorPalette="red">{t('system.danger')}</Button>
            <Button disabled>{t('system.disabled')}</Button>
            <Button loading>{t('system.primary')}</Button>
          </HStack>,
        )}
        {section(
          t('system.inputs'),
          <HStack gap="4" align="start" wrap="wrap">
            <Field.Root maxW="xs">
              <Field.Label>{t('system.field')}</Field.Label>
              <Input placeholder={t('system.placeholder')} />
              <Field.HelperText>{t('system.help')}</Field.HelperText>
            </Field.Root>
            <Field.Root maxW="xs" invalid>
              <Field.Label>{t('system.field')}</Field.Label>
              <Input defaultValue="?" />
              <Field.ErrorText>{t('system.error')}</Field.ErrorText>
            </Field.Root>
          </HStack>,
        )}
        {section(
          t('system.badges'),
          <HStack gap="2" wrap="wrap">
            <Badge>{t('system.badge')}</Badge>
            <Badge variant="solid">{t('system.badge')}</Badge>
            <Badge colorPalette="secondary" variant="solid">{t('system.secondary')}</Badge>
            <Badge colorPalette="green">{t('system.success')}</Badge>
            <Badge colorPalette="red">{t('system.danger')}</Badge>
            <PremiumBadge feature="sftp_access" />
          </HStack>,
        )}
        {section(
          t('system.alerts'),
          <Stack gap="2">
            {STATUSES.map((status) => (
              <Alert.Root key={status} status={status}>
                <Alert.Indicator />
                <Alert.Title>{t(`system.alert.${status}`)}</Alert.Title>
              </Alert.Root>
            ))}
          </Stack>,
        )}
        {section(
          t('system.table'),
          <Table.Root size="sm" maxW="xl">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('system.column')} 1</Table.ColumnHeader>
                <Table.ColumnHeader>{t('system.column')} 2</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {[1, 2].map((row) => (
                <Table.Row key={row}>
                  <Table.Cell>
                    <Link color="secondary.fg" href="#" onClick={(e) => e.preventDefault()}>
                      {t('system.link')} {row}
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{t('system.cell')}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>,
        )}
        {section(
          t('system.tabs'),
          <Tabs.Root defaultValue="one" variant="line">
            <Tabs.List>
              <Tabs.Trigger value="one">{t('system.tab')} 1</Tabs.Trigger>
              <Tabs.Trigger value="two">{t('system.tab')} 2</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="one">{t('system.cell')}</Tabs.Content>
            <Tabs.Content value="two">{t('system.cell')}</Tabs.Content>
          </Tabs.Root>,
        )}
      </Stack>
    </Page>
  );
}
