import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { UUID } from '../lib/uuid';
import { NotFound } from './not-found';

/**
 * A page whose address names a record by its id: anything but a UUID names
 * nothing, so the page says "not found" without asking the API (which would
 * answer 400 for the malformed id). `children` draws the page for a real id.
 */
export function UuidRoute({ param = 'id', children }: { param?: string; children: (id: string) => ReactNode }) {
  const value = useParams()[param] ?? '';
  if (!UUID.test(value)) return <NotFound />;
  return <>{children(value)}</>;
}
