import { Box, Text } from '@chakra-ui/react';
import { formatIdentificationNumber } from '../../format/format';

/** A buyback's 13-digit code as the customer shows it or writes it on the parcel: its caption, then the code, large and grouped. */
export function BuybackCode({ id, code, label }: { id: string; code: string; label: string }) {
  const labelId = `code-label-${id}`;
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted" id={labelId}>
        {label}
      </Text>
      <Text
        fontFamily="mono"
        fontSize={{ base: '2xl', md: '3xl' }}
        fontWeight="bold"
        letterSpacing="wider"
        aria-describedby={labelId}
        data-testid="buyback-code"
        data-code={code}
      >
        {formatIdentificationNumber(code)}
      </Text>
    </Box>
  );
}
