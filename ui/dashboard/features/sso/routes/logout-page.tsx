import { Center, Spinner } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../../lib/auth';

/**
 * /open-id/logout: ends the session here, then at the identity provider when
 * the session came from it and it has a logout (else on the login page).
 */
export function Component() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout(navigate);
  }, [navigate]);
  return (
    <Center minH="100vh">
      <Spinner size="lg" />
    </Center>
  );
}
