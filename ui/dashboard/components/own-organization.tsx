import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useMe } from '../lib/auth';
import { Page } from './page';

/**
 * A menu entry that opens a page of the signed-in user's own organization
 * (exports, imports, connectors): it goes to that organization's address at
 * once; a user with none (platform staff) is told to choose one first, with
 * whatever helps them choose (a picker) above the message.
 */
export function OwnOrganizationRedirect({ to, title, message, children }: { to: (organizationId: string) => string; title: string; message: string; children?: ReactNode }) {
  const organization = useMe().currentOrganization;
  if (organization) return <Navigate to={to(organization.id)} replace />;
  return (
    <Page title={title} breadcrumbs={[{ label: title }]}>
      {children}
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{message}</Alert.Title>
      </Alert.Root>
    </Page>
  );
}
