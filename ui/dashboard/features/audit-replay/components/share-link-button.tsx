import { Button, Clipboard } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BASENAME } from '../../../app/paths';

/** Copies the address of what is shown (the buyback and the moment): whoever opens it sees the same replay. */
export function ShareLinkButton() {
  const { t } = useTranslation('audit-replay');
  const location = useLocation();
  const link = `${window.location.origin}${BASENAME}${location.pathname}${location.search}`;
  return (
    // The trigger is named by its own text (the library's default name is English).
    <Clipboard.Root value={link} translations={{ triggerLabel: (copied) => (copied ? t('replay.linkCopied') : t('replay.copyLink')) }}>
      <Clipboard.Trigger asChild>
        <Button variant="outline" data-testid="replay-share" data-link={link}>
          <Clipboard.Indicator copied={t('replay.linkCopied')}>{t('replay.copyLink')}</Clipboard.Indicator>
        </Button>
      </Clipboard.Trigger>
    </Clipboard.Root>
  );
}
