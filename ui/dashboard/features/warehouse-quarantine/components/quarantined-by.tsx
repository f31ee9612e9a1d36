import { Text } from '@chakra-ui/react';
import { useUserNames } from '../../items-stock/hooks/use-user-names';

/** Who put the device in quarantine, by name (the item names them by id; its history by name). */
export function QuarantinedBy({ itemId, userId }: { itemId: string; userId: string | null }) {
  const nameOf = useUserNames(itemId);
  return <Text as="span">{nameOf(userId) ?? '—'}</Text>;
}
