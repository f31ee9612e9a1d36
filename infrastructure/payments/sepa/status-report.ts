import type { StatusReport, StatusReportLine } from '../../../application/payments/settle-transfer-file.js';
import { SepaFileError } from './credit-transfer-file.js';

/**
 * Reads a bank's payment status report, ISO 20022 `pain.002` (the
 * CustomerPaymentStatusReport answering a pain.001: `.001.03` and later
 * versions have the same elements here): the original message id, the
 * group's status, and per transaction its original end-to-end id, status
 * (ACSC, ACCP… accepted; RJCT rejected; PDNG pending) and reason code.
 *
 * Not a general XML parser: the report is flat enough to be read element by
 * element, with or without a namespace prefix; a DOCTYPE (entities) is
 * refused. A document that is not a status report throws
 * SEPA_REPORT_INVALID {reason}.
 */

/** Most transactions one report may name. */
export const STATUS_REPORT_MAX_LINES = 100_000;
const ID = 35;
const STATUS = /^[A-Z]{4}$/;
const REASON = /^[A-Za-z0-9]{1,35}$/;

function invalid(reason: string): SepaFileError {
  return new SepaFileError('SEPA_REPORT_INVALID', { reason });
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescape(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

/** The text of the first `<tag>` (any prefix) in `xml`, trimmed, or null. */
function first(xml: string, tag: string): string | null {
  const match = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${tag}(?:\\s[^>]*)?>([^<]*)</(?:[A-Za-z_][\\w.-]*:)?${tag}>`).exec(xml);
  return match ? unescape(match[1] ?? '').trim() : null;
}

/** Each `<tag>…</tag>` block's inner text (blocks do not nest in a status report). */
function* blocks(xml: string, tag: string): Generator<string> {
  const pattern = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[A-Za-z_][\\w.-]*:)?${tag}>`, 'g');
  for (const match of xml.matchAll(pattern)) yield match[1] ?? '';
}

function statusOf(value: string | null, where: string): string | null {
  if (value === null) return null;
  if (!STATUS.test(value)) throw invalid(`${where}: status "${value.slice(0, 8)}"`);
  return value;
}

function reasonOf(block: string): { code: string | null; information: string | null } {
  const reason = [...blocks(block, 'StsRsnInf')][0];
  if (!reason) return { code: null, information: null };
  const code = first(reason, 'Cd') ?? first(reason, 'Prtry');
  const information = first(reason, 'AddtlInf');
  return { code: code !== null && REASON.test(code) ? code : null, information: information ? information.slice(0, 255) : null };
}

export function readStatusReport(xml: string): StatusReport {
  if (/<!DOCTYPE/i.test(xml)) throw invalid('a DOCTYPE is not accepted');
  if (!/<(?:[A-Za-z_][\w.-]*:)?CstmrPmtStsRpt[\s>]/.test(xml)) throw invalid('not a pain.002 customer payment status report');
  const header = [...blocks(xml, 'GrpHdr')][0] ?? '';
  const group = [...blocks(xml, 'OrgnlGrpInfAndSts')][0];
  if (group === undefined) throw invalid('no original group information');
  const messageId = first(header, 'MsgId');
  const originalMessageId = first(group, 'OrgnlMsgId');
  if (originalMessageId === null || originalMessageId.length > ID) throw invalid('no original message id');
  let groupStatus = statusOf(first(group, 'GrpSts'), 'group');
  let groupReasonCode = reasonOf(group).code;
  const lines: StatusReportLine[] = [];
  for (const paymentInformation of blocks(xml, 'OrgnlPmtInfAndSts')) {
    const paymentStatus = statusOf(first(paymentInformation.split(/<(?:[A-Za-z_][\w.-]*:)?TxInfAndSts[\s>]/)[0] ?? '', 'PmtInfSts'), 'payment information');
    if (groupStatus === null && paymentStatus !== null) {
      groupStatus = paymentStatus;
      groupReasonCode = reasonOf(paymentInformation.split(/<(?:[A-Za-z_][\w.-]*:)?TxInfAndSts[\s>]/)[0] ?? '').code;
    }
    for (const transaction of blocks(paymentInformation, 'TxInfAndSts')) {
      const endToEndId = first(transaction, 'OrgnlEndToEndId');
      if (endToEndId === null || endToEndId === '' || endToEndId.length > ID) throw invalid(`transaction ${lines.length + 1}: no end-to-end id`);
      const status = statusOf(first(transaction, 'TxSts'), `transaction ${endToEndId}`);
      if (status === null) throw invalid(`transaction ${endToEndId}: no status`);
      const reason = reasonOf(transaction);
      lines.push({ endToEndId, status, reasonCode: reason.code, information: reason.information });
      if (lines.length > STATUS_REPORT_MAX_LINES) throw invalid(`more than ${STATUS_REPORT_MAX_LINES} transactions`);
    }
  }
  return { messageId: messageId && messageId.length <= ID ? messageId : null, originalMessageId, groupStatus, groupReasonCode, lines };
}

/** How many transactions a report names, cheaply (the route decides with it whether to import at once or as a job). */
export function countStatusLines(xml: string): number {
  return (xml.match(/<(?:[A-Za-z_][\w.-]*:)?TxInfAndSts[\s>]/g) ?? []).length;
}
