import type { Locale } from '../../../domain/organizations/events.js';

/**
 * The words printed on a buyback's documents, in the customer's language.
 * Typed per locale, so that a caption missing in one language does not
 * compile.
 */
export interface DocumentCaptions {
  code: string;
  printedOn: string;
  product: string;
  brand: string;
  imei: string;
  imeiNone: string;
  grade: string;
  registeredOn: string;
  transferOrder: { title: string; copy: (n: number, of: number) => string; seller: string; buyer: string; price: string; payment: string; signature: string; signatureHint: string; placeAndDate: string; forgotten: string; tag: string };
  trackingSheet: { title: string; instruction: string; destination: string; circuit: string };
  voucher: { voucher: string; gift_card: string; amount: string; code: string; issuedOn: string; holder: string; keep: string };
}

export const DOCUMENT_CAPTIONS: Readonly<Record<Locale, DocumentCaptions>> = {
  'fr-FR': {
    code: 'Code du rachat',
    printedOn: 'Imprimé le',
    product: 'Produit',
    brand: 'Marque',
    imei: 'IMEI / n° de série',
    imeiNone: 'non renseigné',
    grade: 'État déclaré',
    registeredOn: 'Enregistré le',
    transferOrder: {
      title: 'Bon de cession',
      copy: (n, of) => `Exemplaire ${n} sur ${of}`,
      seller: 'Le cédant (client)',
      buyer: 'Le cessionnaire (repreneur)',
      price: 'Prix',
      payment: 'Mode de paiement',
      signature: 'Signature du client',
      signatureHint: 'précédée de la mention « Lu et approuvé »',
      placeAndDate: 'Fait à …………………… le ……………………',
      forgotten: 'Données du client effacées',
      tag: 'Étiquette prix : à découper et coller sur l’appareil',
    },
    trackingSheet: {
      title: 'Fiche de suivi',
      instruction: 'À imprimer et à glisser dans le colis avec l’appareil.',
      destination: 'Entrepôt de destination',
      circuit: 'Circuit',
    },
    voucher: {
      voucher: 'Bon d’achat',
      gift_card: 'Carte cadeau',
      amount: 'Montant',
      code: 'Code',
      issuedOn: 'Émis le',
      holder: 'Bénéficiaire',
      keep: 'Présentez ce document ou son code en caisse. Conservez-le : il vaut paiement.',
    },
  },
  'en-GB': {
    code: 'Trade-in code',
    printedOn: 'Printed on',
    product: 'Product',
    brand: 'Brand',
    imei: 'IMEI / serial number',
    imeiNone: 'not given',
    grade: 'Declared condition',
    registeredOn: 'Registered on',
    transferOrder: {
      title: 'Transfer order',
      copy: (n, of) => `Copy ${n} of ${of}`,
      seller: 'The transferor (customer)',
      buyer: 'The transferee (buyer)',
      price: 'Price',
      payment: 'Payment method',
      signature: 'Customer’s signature',
      signatureHint: 'preceded by the words “Read and approved”',
      placeAndDate: 'Signed at …………………… on ……………………',
      forgotten: 'Customer data erased',
      tag: 'Price tag: cut out and stick on the device',
    },
    trackingSheet: {
      title: 'Tracking sheet',
      instruction: 'Print it and put it in the parcel with the device.',
      destination: 'Destination warehouse',
      circuit: 'Circuit',
    },
    voucher: {
      voucher: 'Voucher',
      gift_card: 'Gift card',
      amount: 'Amount',
      code: 'Code',
      issuedOn: 'Issued on',
      holder: 'Holder',
      keep: 'Show this document or its code at the till. Keep it safe: it is worth its amount.',
    },
  },
  'nl-BE': {
    code: 'Inruilcode',
    printedOn: 'Afgedrukt op',
    product: 'Product',
    brand: 'Merk',
    imei: 'IMEI / serienummer',
    imeiNone: 'niet opgegeven',
    grade: 'Opgegeven staat',
    registeredOn: 'Geregistreerd op',
    transferOrder: {
      title: 'Overdrachtsdocument',
      copy: (n, of) => `Exemplaar ${n} van ${of}`,
      seller: 'De overdrager (klant)',
      buyer: 'De overnemer (koper)',
      price: 'Prijs',
      payment: 'Betaalwijze',
      signature: 'Handtekening van de klant',
      signatureHint: 'voorafgegaan door „Gelezen en goedgekeurd”',
      placeAndDate: 'Opgemaakt te …………………… op ……………………',
      forgotten: 'Klantgegevens gewist',
      tag: 'Prijsetiket: uitknippen en op het toestel kleven',
    },
    trackingSheet: {
      title: 'Volgblad',
      instruction: 'Druk het af en steek het bij het toestel in het pakket.',
      destination: 'Bestemmingsmagazijn',
      circuit: 'Circuit',
    },
    voucher: {
      voucher: 'Aankoopbon',
      gift_card: 'Cadeaukaart',
      amount: 'Bedrag',
      code: 'Code',
      issuedOn: 'Uitgegeven op',
      holder: 'Begunstigde',
      keep: 'Toon dit document of de code aan de kassa. Bewaar het goed: het is zijn bedrag waard.',
    },
  },
  'de-DE': {
    code: 'Ankaufscode',
    printedOn: 'Gedruckt am',
    product: 'Produkt',
    brand: 'Marke',
    imei: 'IMEI / Seriennummer',
    imeiNone: 'nicht angegeben',
    grade: 'Angegebener Zustand',
    registeredOn: 'Registriert am',
    transferOrder: {
      title: 'Abtretungserklärung',
      copy: (n, of) => `Exemplar ${n} von ${of}`,
      seller: 'Der Abtretende (Kunde)',
      buyer: 'Der Erwerber (Käufer)',
      price: 'Preis',
      payment: 'Zahlungsart',
      signature: 'Unterschrift des Kunden',
      signatureHint: 'mit dem Vermerk „Gelesen und genehmigt“',
      placeAndDate: 'Ort …………………… Datum ……………………',
      forgotten: 'Kundendaten gelöscht',
      tag: 'Preisetikett: ausschneiden und auf das Gerät kleben',
    },
    trackingSheet: {
      title: 'Begleitschein',
      instruction: 'Ausdrucken und mit dem Gerät in das Paket legen.',
      destination: 'Ziellager',
      circuit: 'Ablauf',
    },
    voucher: {
      voucher: 'Gutschein',
      gift_card: 'Geschenkkarte',
      amount: 'Betrag',
      code: 'Code',
      issuedOn: 'Ausgestellt am',
      holder: 'Inhaber',
      keep: 'Zeigen Sie dieses Dokument oder seinen Code an der Kasse. Gut aufbewahren: Es ist seinen Betrag wert.',
    },
  },
};
