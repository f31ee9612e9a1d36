import { Box, Button, chakra, Field, Input, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { CameraScanButton } from '../../shared/buyback-path/components/product-search/camera-scan';
import { useBarcodeWedge } from '../../shared/buyback-path/components/product-search/use-barcode-wedge';

interface ScanCodeFieldProps {
  label: string;
  help: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Why the code was refused (by the domain's rule or the API), shown at the field; null shows the help. */
  error: ReactNode | null;
  errorTestId: string;
  value: string;
  onChange(value: string): void;
  /** The code typed (on submit) or scanned (the field already shows it). */
  onCode(value: string): void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Buyback codes are digits; item codes may be the manufacturer's serial. */
  inputMode?: 'numeric' | 'text';
  size?: 'md' | 'lg';
  /** Offer the camera where the browser reads barcodes. */
  camera?: boolean;
}

/**
 * A code typed or scanned: a keyboard-wedge scanner's burst ending in Enter
 * is read as a scan and replaces what was in the field; the camera where the
 * browser reads barcodes. The screens (check-in, the check, the replay, a
 * pre-declared buyback) decide what a code means; this is the field they share.
 */
export function ScanCodeField(props: ScanCodeFieldProps) {
  const { value, onChange, onCode, inputRef, error, size = 'lg' } = props;
  const scanned = (code: string) => {
    onChange(code);
    onCode(code);
  };
  const onKeyDown = useBarcodeWedge(scanned);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCode(value);
  };

  return (
    <Stack gap={3}>
      <chakra.form onSubmit={submit} noValidate>
        <Field.Root invalid={error !== null}>
          <Field.Label>{props.label}</Field.Label>
          <Stack direction={{ base: 'column', sm: 'row' }} gap={2} w="full">
            <Input
              ref={inputRef}
              name="code"
              value={value}
              onChange={(event) => onChange(event.target.value)}
              onKeyDown={onKeyDown}
              inputMode={props.inputMode ?? 'text'}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              size={size}
              fontFamily="mono"
              letterSpacing="wider"
              // The screen is for this field, and a scanner types into whatever has the focus.
              autoFocus
            />
            <Button type="submit" colorPalette="brand" size={size} loading={props.pending} loadingText={props.pendingLabel} flexShrink={0}>
              {props.submitLabel}
            </Button>
          </Stack>
          {error === null ? (
            <Field.HelperText>{props.help}</Field.HelperText>
          ) : (
            <Field.ErrorText data-testid={props.errorTestId} role="alert">
              {error}
            </Field.ErrorText>
          )}
        </Field.Root>
      </chakra.form>
      {props.camera && (
        <Box _empty={{ display: 'none' }}>
          <CameraScanButton onScan={scanned} />
        </Box>
      )}
    </Stack>
  );
}

/** The field focused, its text selected: what comes next (a scan, a key) replaces it. */
export function selectForNext(input: RefObject<HTMLInputElement | null>): void {
  requestAnimationFrame(() => {
    input.current?.focus();
    input.current?.select();
  });
}
