import { Box, DataList, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One titled block of a detail (a buyback's, a declaration's…), its facts below: a section named by its heading. */
export function FactsSection({ id, title, level = 'h2', children }: { id: string; title: string; level?: 'h2' | 'h3'; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 5 }}>
      <Heading as={level} size="md" mb="4" id={id}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** Label and value pairs side by side (a description list), narrower labels on a phone; a missing value reads "—". */
export function Facts({ items }: { items: Array<[label: string, value: ReactNode]> }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW={{ base: '28', md: '40' }}>{label}</DataList.ItemLabel>
          <DataList.ItemValue minW="0" overflowWrap="anywhere">
            {value ?? '—'}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
