import { Link, Stack, Text } from '@chakra-ui/react';

const URL_ONLY = /^https?:\/\/\S+$/;

/**
 * A text the retailer configured (cookies policy, accessibility statement):
 * a link when it is a URL, otherwise paragraphs of plain text (never HTML).
 */
export function ConfiguredText({ value, linkLabel }: { value: string; linkLabel: string }) {
  const text = value.trim();
  if (URL_ONLY.test(text)) {
    return (
      <Link href={text} color="brand.fg" textDecoration="underline" alignSelf="start">
        {linkLabel}
      </Link>
    );
  }
  return (
    <Stack gap={3} data-testid="configured-text">
      {text
        .split(/\n\s*\n/)
        .filter(Boolean)
        .map((paragraph, index) => (
          <Text key={index} whiteSpace="pre-line">
            {paragraph}
          </Text>
        ))}
    </Stack>
  );
}
