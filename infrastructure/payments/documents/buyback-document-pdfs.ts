import type { TrackingSheetContent, TransferOrderContent, VoucherContent } from '../../../application/payments/buyback-documents.js';
import { formatDocumentMoney } from '../../../application/payments/buyback-documents.js';
import { formatVoucherCode } from '../../../domain/payments/voucher-code.js';
import { DOCUMENT_CAPTIONS } from './captions.js';
import { A4, BOLD, MARGIN, REGULAR, WIDTH, addPage, barcode, box, caption, facts, formatDate, header, newDocument, roomLeft, rule } from './document-pdf.js';

/**
 * A buyback's three printable documents as A4 PDFs, in the customer's
 * language: the transfer order (one set of pages per copy, each with the
 * buyback's code as a barcode and a signature box), the tracking sheet that
 * travels in the parcel, and the gift card or voucher with its code as a
 * barcode.
 */

const SIGNATURE_HEIGHT = 110;

/** The price tag (tagPriceEnabled): cut along the dashes and stuck on the device, its product, code and price. */
function priceTag(doc: PDFKit.PDFDocument, content: TransferOrderContent, title: string): void {
  const height = 60;
  if (roomLeft(doc) < height + 12) addPage(doc);
  const top = doc.y + 6;
  doc.save().dash(4, { space: 3 }).rect(MARGIN, top, WIDTH * 0.5, height).stroke().restore();
  doc.font(BOLD).fontSize(9).text(title, MARGIN + 6, top + 6, { width: WIDTH * 0.5 - 12 });
  doc.font(REGULAR).fontSize(9).text(`${content.productLabel} · ${content.identificationNumber}`, MARGIN + 6, doc.y + 2, { width: WIDTH * 0.5 - 12 });
  doc.font(BOLD).fontSize(14).text(formatDocumentMoney(content.price, content.locale), MARGIN + 6, doc.y + 2, { width: WIDTH * 0.5 - 12 });
  doc.y = top + height + 6;
}

export async function renderTransferOrder(content: TransferOrderContent): Promise<Buffer> {
  const words = DOCUMENT_CAPTIONS[content.locale];
  const { doc, finish } = newDocument(`${words.transferOrder.title} ${content.identificationNumber}`, content.printedAt);
  for (let copy = 1; copy <= content.copies; copy++) {
    addPage(doc);
    header(doc, words.transferOrder.title, `${words.transferOrder.copy(copy, content.copies)}\n${words.printedOn} ${formatDate(content.printedAt, content.locale)}`);
    if (content.barcode) {
      caption(doc, words.code);
      barcode(doc, content.identificationNumber);
    } else {
      facts(doc, [[words.code, content.identificationNumber]]);
    }
    rule(doc);

    // The two parties side by side.
    const top = doc.y;
    const half = (WIDTH - 20) / 2;
    caption(doc, words.transferOrder.seller, MARGIN, half);
    const seller = content.customer ? [`${content.customer.firstName} ${content.customer.lastName}`, ...content.customer.address] : [words.transferOrder.forgotten];
    doc.font(BOLD).fontSize(10).text(seller[0] ?? '', MARGIN, doc.y, { width: half });
    doc.font(REGULAR).fontSize(9).text(seller.slice(1).join('\n'), MARGIN, doc.y, { width: half });
    const sellerBottom = doc.y;
    doc.y = top;
    caption(doc, words.transferOrder.buyer, MARGIN + half + 20, half);
    doc.font(BOLD).fontSize(10).text(content.buyer.name, MARGIN + half + 20, doc.y, { width: half });
    doc.font(REGULAR).fontSize(9).text(content.buyer.lines.join('\n'), MARGIN + half + 20, doc.y, { width: half });
    doc.y = Math.max(sellerBottom, doc.y) + 10;
    rule(doc);

    facts(doc, [
      [words.product, content.productLabel],
      [words.imei, content.imei ?? words.imeiNone],
      [words.transferOrder.price, formatDocumentMoney(content.price, content.locale)],
      [words.transferOrder.payment, content.paymentLabel],
    ]);
    doc.y += 6;

    // The retailer's text (or the default), flowing onto further pages when long.
    doc.font(REGULAR).fontSize(10).text(content.text, MARGIN, doc.y, { width: WIDTH, align: 'justify', paragraphGap: 4 });
    doc.y += 14;

    if (roomLeft(doc) < SIGNATURE_HEIGHT) addPage(doc);
    const signatureTop = doc.y;
    box(doc, MARGIN, signatureTop, WIDTH * 0.4 - 10, SIGNATURE_HEIGHT, words.transferOrder.placeAndDate);
    box(doc, MARGIN + WIDTH * 0.4, signatureTop, WIDTH * 0.6, SIGNATURE_HEIGHT, words.transferOrder.signature, words.transferOrder.signatureHint);
    doc.y = signatureTop + SIGNATURE_HEIGHT + 6;
    if (content.tagPrice) priceTag(doc, content, words.transferOrder.tag);
  }
  return finish();
}

export async function renderTrackingSheet(content: TrackingSheetContent): Promise<Buffer> {
  const words = DOCUMENT_CAPTIONS[content.locale];
  const { doc, finish } = newDocument(`${words.trackingSheet.title} ${content.identificationNumber}`, content.printedAt);
  addPage(doc);
  header(doc, words.trackingSheet.title, `${words.printedOn} ${formatDate(content.printedAt, content.locale)}`);
  doc.font(REGULAR).fontSize(10).text(words.trackingSheet.instruction, MARGIN, doc.y, { width: WIDTH });
  doc.y += 10;
  caption(doc, words.code);
  barcode(doc, content.identificationNumber);
  rule(doc);
  facts(doc, [
    [words.product, content.productLabel],
    [words.brand, content.brand],
    [words.imei, content.imei ?? words.imeiNone],
    [words.grade, content.grade],
    [words.trackingSheet.circuit, content.circuitName],
    [words.registeredOn, formatDate(content.registeredAt, content.locale)],
  ]);
  doc.y += 12;
  const top = doc.y;
  const height = 30 + 14 * (content.warehouse.lines.length + 1);
  doc.lineWidth(1.5).rect(MARGIN, top, WIDTH, height).stroke();
  doc.y = top + 8;
  caption(doc, words.trackingSheet.destination, MARGIN + 10, WIDTH - 20);
  doc.font(BOLD).fontSize(14).text(content.warehouse.name, MARGIN + 10, doc.y, { width: WIDTH - 20 });
  doc.font(REGULAR).fontSize(11).text(content.warehouse.lines.join('\n'), MARGIN + 10, doc.y, { width: WIDTH - 20 });
  return finish();
}

export async function renderVoucher(content: VoucherContent): Promise<Buffer> {
  const words = DOCUMENT_CAPTIONS[content.locale];
  const title = words.voucher[content.type];
  const { doc, finish } = newDocument(`${title} ${content.identificationNumber}`, content.printedAt);
  addPage(doc);
  header(doc, title, `${words.printedOn} ${formatDate(content.printedAt, content.locale)}`);
  caption(doc, words.voucher.amount);
  doc.font(BOLD).fontSize(36).text(formatDocumentMoney(content.amount, content.locale), MARGIN, doc.y, { width: WIDTH, align: 'center' });
  doc.y += 12;
  caption(doc, words.voucher.code);
  barcode(doc, content.code, formatVoucherCode(content.code));
  rule(doc);
  facts(doc, [
    [words.voucher.holder, content.customer ? `${content.customer.firstName} ${content.customer.lastName}` : '—'],
    [words.voucher.issuedOn, formatDate(content.issuedAt, content.locale)],
    [words.code, content.identificationNumber],
    [words.product, content.productLabel],
  ]);
  doc.y += 12;
  doc.font(REGULAR).fontSize(9).fillColor('#333').text(words.voucher.keep, MARGIN, Math.min(doc.y, A4[1] - MARGIN - 40), { width: WIDTH });
  return finish();
}
