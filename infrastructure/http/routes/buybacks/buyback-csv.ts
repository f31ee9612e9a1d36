import type { Locale } from '../../../../domain/organizations/events.js';
import type { BuybackDocument } from '../../../../application/buybacks/read-models.js';
import { isForgotten } from '../../../../application/ports/personal-data.js';

const HEADERS: Record<Locale, string[]> = {
  'fr-FR': ['Code', 'Date', 'Statut', 'Canal', 'Client', 'Produit', 'Marque', 'Prix déclaré', 'Prix validé', 'Devise'],
  'en-GB': ['Code', 'Date', 'Status', 'Channel', 'Customer', 'Product', 'Brand', 'Declared price', 'Validated price', 'Currency'],
  'nl-BE': ['Code', 'Datum', 'Status', 'Kanaal', 'Klant', 'Product', 'Merk', 'Aangegeven prijs', 'Gevalideerde prijs', 'Valuta'],
  'de-DE': ['Code', 'Datum', 'Status', 'Kanal', 'Kunde', 'Produkt', 'Marke', 'Angegebener Preis', 'Bestätigter Preis', 'Währung'],
};

/** Formulas are neutralised: a cell starting with = + - @ is prefixed with an apostrophe. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function amount(cents: number | undefined, locale: Locale): string {
  if (cents === undefined) return '';
  const decimal = locale === 'en-GB' ? '.' : ',';
  return (cents / 100).toFixed(2).replace('.', decimal);
}

export function buybacksCsv(buybacks: readonly BuybackDocument[], locale: Locale): string {
  const rows = buybacks.map((b) =>
    [
      b.identificationNumber,
      b.createdAt,
      b.status,
      b.channel,
      isForgotten(b.customer) ? '—' : `${b.customer.firstName} ${b.customer.lastName}`,
      b.product.label,
      b.product.brand,
      amount(b.declaredPrice.amountInCents, locale),
      amount(b.validatedPrice?.amountInCents, locale),
      b.declaredPrice.currency,
    ]
      .map(cell)
      .join(';'),
  );
  return `\uFEFF${[HEADERS[locale].join(';'), ...rows].join('\r\n')}\r\n`;
}
