import { Badge, Box, Button, chakra, Clipboard, Field, Flex, Heading, Input, Text } from '@chakra-ui/react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** matched, missing or unexpected: names the section and its test ids. */
  kind: 'matched' | 'missing' | 'unexpected';
  group: { count: number; codes: string[] };
  palette: string;
}

/**
 * One group of a report: its exact count, what it means, and its codes (the
 * API keeps the first 1 000), searchable and copiable one per line.
 */
export function CodeGroup({ kind, group, palette }: Props) {
  const { t, i18n } = useTranslation('warehouse-verification');
  const [search, setSearch] = useState('');
  const wanted = useDeferredValue(search.replace(/\s+/g, '').toLowerCase());
  const shown = wanted ? group.codes.filter((code) => code.toLowerCase().includes(wanted)) : group.codes;
  const headingId = `verification-${kind}`;
  const count = new Intl.NumberFormat(i18n.language).format(group.count);
  const copyLabel = t('report.copy', { n: shown.length });
  const copiedLabel = t('report.copied', { n: shown.length });

  return (
    <Box as="section" aria-labelledby={headingId} bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 5 }} data-testid={`verification-${kind}`}>
      <Flex align="center" gap="2" wrap="wrap" mb="1">
        <Heading as="h2" size="md" id={headingId}>
          {t(`report.groups.${kind}`)}
        </Heading>
        <Badge colorPalette={palette} size="lg" data-testid={`verification-${kind}-count`}>
          {count}
        </Badge>
      </Flex>
      <Text color="fg.muted" fontSize="sm" mb="3">
        {t(`report.meanings.${kind}`)}
      </Text>
      {group.count === 0 ? (
        <Text>{t('report.none')}</Text>
      ) : (
        <>
          {group.codes.length < group.count && (
            <Text fontSize="sm" mb="2">
              {t('report.truncated', { shown: new Intl.NumberFormat(i18n.language).format(group.codes.length), count })}
            </Text>
          )}
          <Flex gap="2" align="end" wrap="wrap" mb="3">
            <Field.Root flex="1 1 12rem" maxW="sm">
              <Field.Label fontSize="sm">{t('report.search')}</Field.Label>
              <Input size="sm" type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" spellCheck={false} />
            </Field.Root>
            <Clipboard.Root value={shown.join('\n')} translations={{ triggerLabel: (copied) => (copied ? copiedLabel : copyLabel) }}>
              <Clipboard.Trigger asChild>
                <Button size="sm" variant="outline" disabled={shown.length === 0}>
                  <Clipboard.Indicator copied={copiedLabel}>{copyLabel}</Clipboard.Indicator>
                </Button>
              </Clipboard.Trigger>
            </Clipboard.Root>
          </Flex>
          {shown.length === 0 ? (
            <Text>{t('report.noMatch')}</Text>
          ) : (
            <Box maxH="20rem" overflowY="auto" tabIndex={0} role="region" aria-labelledby={headingId} borderWidth="1px" borderRadius="sm" p="2">
              <Flex as="ul" listStyleType="none" gap="2" wrap="wrap" m="0" p="0" data-testid={`verification-${kind}-codes`}>
                {shown.map((code) => (
                  <li key={code}>
                    <chakra.code fontFamily="mono" fontSize="sm" bg="bg.muted" px="1.5" py="0.5" borderRadius="sm">
                      {code}
                    </chakra.code>
                  </li>
                ))}
              </Flex>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
