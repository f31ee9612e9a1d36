import { Container, Link } from '@chakra-ui/react';
import { matchPath, useLocation } from 'react-router';
import { PAGES_WITH_BACK_LINK } from '../../app/paths';
import { useWhiteLabel } from '../../lib/white-label';

/** The retailer's "back to our website" link, on the pages the specification lists, when one is configured. */
export function BackToClientWebsite() {
  const { externalWebsiteLink } = useWhiteLabel();
  const { pathname } = useLocation();
  if (!externalWebsiteLink || !PAGES_WITH_BACK_LINK.some((pattern) => matchPath(pattern, pathname))) return null;
  return (
    <Container maxW="6xl" py={2}>
      <Link href={externalWebsiteLink.url} color="brand.fg" fontSize="sm" textDecoration="underline" data-testid="back-to-client-website">
        ← {externalWebsiteLink.text}
      </Link>
    </Container>
  );
}
