import { Container, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The content column under the page header. */
export function PageBody({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <Container maxW={narrow ? '3xl' : '6xl'} py={{ base: 6, md: 10 }}>
      <Stack gap={6}>{children}</Stack>
    </Container>
  );
}
