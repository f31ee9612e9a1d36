import { chakra, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../verification-file';

interface Props {
  file: File | null;
  onFile(file: File): void;
  invalid: boolean;
  /** The id of the text that explains a problem with the file, read with the field. */
  describedBy?: string;
}

/**
 * The file of codes: chosen through the browser's file picker (the whole
 * zone is the input's label, so a click, Enter or Space opens it) or dropped
 * on the zone. Only the first file counts.
 */
export function FileDropZone({ file, onFile, invalid, describedBy }: Props) {
  const { t, i18n } = useTranslation('warehouse-verification');
  const inputId = useId();
  const [over, setOver] = useState(false);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };

  return (
    <chakra.label
      htmlFor={inputId}
      display="block"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'brand.solid' : invalid ? 'border.error' : 'border.emphasized'}
      bg={over ? 'brand.subtle' : 'bg.subtle'}
      borderRadius="md"
      p={{ base: 4, md: 6 }}
      textAlign="center"
      cursor="pointer"
      _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
      colorPalette="brand"
      onDragOver={(event: DragEvent) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="verification-drop-zone"
    >
      <VisuallyHidden asChild>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onFile(chosen);
            event.target.value = '';
          }}
        />
      </VisuallyHidden>
      <Text fontWeight="semibold" overflowWrap="anywhere">
        {file ? t('file.chosen', { name: file.name }) : t('file.choose')}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {file ? t('file.chosenHelp', { size: formatFileSize(file.size, i18n.language) }) : t('file.drop')}
      </Text>
    </chakra.label>
  );
}
