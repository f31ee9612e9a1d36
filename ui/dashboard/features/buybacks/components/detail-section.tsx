import { Box, DataList, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One titled block of the detail, its facts as a description list. */
export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} bg="bg" borderWidth="1px" borderRadius="md" p="5">
      <Heading as="h2" size="md" mb="4" id={id}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

export function Facts({ items }: { items: Array<[label: string, value: ReactNode]> }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="40">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value ?? '—'}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
