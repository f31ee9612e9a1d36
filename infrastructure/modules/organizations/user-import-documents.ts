import type { Locale, ModuleType } from '../../../domain/organizations/events.js';
import { MODULE_TYPES } from '../../../domain/organizations/events.js';
import { USER_TYPES_BY_MODULE } from '../../../application/organizations/permissions.js';
import type { Texts } from '../../../application/ports/texts.js';
import { USER_IMPORT_COLUMNS, USER_IMPORT_MAX_BYTES, USER_IMPORT_MAX_ROWS, USER_IMPORT_REQUIRED_COLUMNS } from '../../../application/organizations/user-import/user-import-file.js';
import { BOLD, MARGIN, REGULAR, WIDTH, addPage, header, newDocument, rule } from '../../payments/documents/document-pdf.js';

/**
 * What the import screen offers for download: the template CSV (UTF-8 with
 * its BOM, so a spreadsheet opens its accents right; semicolons, as a French
 * spreadsheet writes them) and the procedure as an A4 PDF in the caller's
 * language, printed with the labels' embedded DejaVu Sans.
 */
export function userImportTemplate(): string {
  const rows = [
    [...USER_IMPORT_COLUMNS],
    ['jeanne.dupont@example.com', 'Jeanne', 'Dupont', 'tim', 'store_seller', 'STORE-001', 'active', 'fr-FR'],
    ['piet.peeters@example.com', 'Piet', 'Peeters', 'rps', 'warehouse_operator', 'WAREHOUSE-001', 'active', 'nl-BE'],
  ];
  return `\uFEFF${rows.map((row) => row.join(';')).join('\r\n')}\r\n`;
}

/** The procedure's print date: fixed, so the same language gives the same bytes (the document says nothing dated). */
const PRINTED_AT = '2026-01-01T00:00:00.000Z';

export async function userImportProcedurePdf(texts: Texts, locale: Locale): Promise<Buffer> {
  const t = (key: string, values?: Record<string, unknown>) => texts.text(locale, `userImport.procedure.${key}`, values);
  const pdf = newDocument(t('title'), PRINTED_AT);
  const { doc } = pdf;
  addPage(doc);
  header(doc, t('title'), 'users-import-template.csv');
  paragraph(doc, t('intro'));
  section(doc, t('stepsTitle'));
  for (const step of t('steps').split('\n')) paragraph(doc, step);
  section(doc, t('columnsTitle'));
  for (const column of USER_IMPORT_COLUMNS) {
    const required = USER_IMPORT_REQUIRED_COLUMNS.includes(column) ? t('required') : t('optional');
    doc.font(BOLD).fontSize(10).fillColor('#000').text(`${column} (${required})`, MARGIN, doc.y, { width: WIDTH });
    doc.font(REGULAR).fontSize(10).text(t(`columns.${column}`), MARGIN + 12, doc.y, { width: WIDTH - 12 });
    doc.moveDown(0.4);
  }
  section(doc, t('rolesTitle'));
  for (const module of MODULE_TYPES) paragraph(doc, `${module}: ${rolesOf(module)}`);
  section(doc, t('limitsTitle'));
  paragraph(doc, t('limits', { maxRows: USER_IMPORT_MAX_ROWS, maxMegabytes: USER_IMPORT_MAX_BYTES / (1024 * 1024) }));
  return pdf.finish();
}

const rolesOf = (module: ModuleType) => USER_TYPES_BY_MODULE[module].join(', ');

function section(doc: PDFKit.PDFDocument, title: string): void {
  doc.moveDown(0.6);
  doc.font(BOLD).fontSize(13).fillColor('#000').text(title, MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.2);
  rule(doc);
}

function paragraph(doc: PDFKit.PDFDocument, text: string): void {
  doc.font(REGULAR).fontSize(10).fillColor('#000').text(text, MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.4);
}
