import { Box, Button, Field, HStack, Input } from '@chakra-ui/react';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { SCAN_FEATURE } from '../../../../shared/buyback-path/api/find-products-by-barcode';
import { CameraScanButton } from '../../../../shared/buyback-path/components/product-search/camera-scan';
import { useBarcodeWedge } from '../../../../shared/buyback-path/components/product-search/use-barcode-wedge';
import { paths } from '../../../app/paths';

/**
 * The keyword search: leads to /results?q=…; the field is labelled and the
 * form is a search landmark. With the retailer's scan search bar (premium
 * feature scan_searchbar, read with its configuration), a barcode (EAN)
 * scanned into the field, or read by the phone's camera where the browser
 * can, searches for that code alone; without it the field is a keyword
 * search only, and no camera is offered.
 */
export function SearchForm({ initial = '', size = 'lg' }: { initial?: string; size?: 'md' | 'lg' }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // A server-rendered page shows the field before it is hydrated: what the visitor typed meanwhile is kept (the field's
  // state starts from it), not wiped by the first render after hydration.
  useLayoutEffect(() => {
    const typed = field.current?.value ?? '';
    if (typed !== initial) setText(typed);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const search = text.trim();
    if (!search) {
      setMissing(true);
      return;
    }
    setMissing(false);
    navigate(paths.results.to(search));
  }

  const scan = (code: string) => {
    setText(code);
    setMissing(false);
    navigate(paths.results.to(code));
  };
  const onKeyDown = useBarcodeWedge(scan);
  const scanEnabled = useAppEnvironment().settings.enabledPremiumFeatures.includes(SCAN_FEATURE);

  return (
    // action: before the server-rendered page is hydrated, the browser itself submits the search to the results page.
    <form role="search" action={paths.results.pattern} method="get" onSubmit={submit} noValidate>
      <Field.Root invalid={missing}>
        <Field.Label>{t('search.label')}</Field.Label>
        <HStack width="full" align="stretch" gap={2}>
          <Input
            ref={field}
            type="search"
            name="q"
            size={size}
            bg="bg"
            value={text}
            placeholder={t('search.placeholder')}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={scanEnabled ? onKeyDown : undefined}
            autoComplete="off"
            maxLength={255}
          />
          <Button type="submit" size={size} colorPalette="brand">
            {t('search.submit')}
          </Button>
        </HStack>
        {missing ? <Field.ErrorText>{t('search.required')}</Field.ErrorText> : <Field.HelperText>{t('search.help')}</Field.HelperText>}
      </Field.Root>
      <Box mt={3} _empty={{ display: 'none' }}>
        {scanEnabled && <CameraScanButton onScan={scan} size={size} />}
      </Box>
    </form>
  );
}
