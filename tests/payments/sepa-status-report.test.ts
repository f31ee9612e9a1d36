import { describe, expect, it } from 'vitest';
import { SepaFileError } from '../../infrastructure/payments/sepa/credit-transfer-file.js';
import { countStatusLines, readStatusReport } from '../../infrastructure/payments/sepa/status-report.js';

/** The bank's pain.002 status report, as banks write it: with or without a namespace prefix, per transaction or for the whole group. */

const prefixed = `<?xml version="1.0"?>
<p:Document xmlns:p="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><p:CstmrPmtStsRpt>
<p:GrpHdr><p:MsgId>BANK-42</p:MsgId></p:GrpHdr>
<p:OrgnlGrpInfAndSts><p:OrgnlMsgId>TF-20261127-000003</p:OrgnlMsgId><p:GrpSts>PART</p:GrpSts></p:OrgnlGrpInfAndSts>
<p:OrgnlPmtInfAndSts><p:OrgnlPmtInfId>TF-20261127-000003</p:OrgnlPmtInfId>
<p:TxInfAndSts><p:OrgnlEndToEndId>2524653873371</p:OrgnlEndToEndId><p:TxSts>RJCT</p:TxSts><p:StsRsnInf><p:Rsn><p:Cd>AC04</p:Cd></p:Rsn><p:AddtlInf>Compte cl&#xF4;tur&#233; &amp; sold&#xE9;</p:AddtlInf></p:StsRsnInf></p:TxInfAndSts>
<p:TxInfAndSts><p:OrgnlEndToEndId>2708990466216</p:OrgnlEndToEndId><p:TxSts>ACSC</p:TxSts></p:TxInfAndSts>
</p:OrgnlPmtInfAndSts></p:CstmrPmtStsRpt></p:Document>`;

describe('a status report', () => {
  it('read with a namespace prefix: the original message, the group status, each transaction with its reason and words', () => {
    expect(readStatusReport(prefixed)).toEqual({
      messageId: 'BANK-42',
      originalMessageId: 'TF-20261127-000003',
      groupStatus: 'PART',
      groupReasonCode: null,
      lines: [
        { endToEndId: '2524653873371', status: 'RJCT', reasonCode: 'AC04', information: 'Compte clôturé & soldé' },
        { endToEndId: '2708990466216', status: 'ACSC', reasonCode: null, information: null },
      ],
    });
    expect(countStatusLines(prefixed)).toBe(2);
  });

  it('rejecting the whole group has no lines, and its reason is the group’s', () => {
    const group = `<Document><CstmrPmtStsRpt><GrpHdr><MsgId>B</MsgId></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>TF-1</OrgnlMsgId><GrpSts>RJCT</GrpSts><StsRsnInf><Rsn><Cd>FF01</Cd></Rsn></StsRsnInf></OrgnlGrpInfAndSts></CstmrPmtStsRpt></Document>`;
    expect(readStatusReport(group)).toMatchObject({ groupStatus: 'RJCT', groupReasonCode: 'FF01', lines: [] });
  });

  it('refuses what is not one, a DOCTYPE, and a transaction without its end-to-end id or status, with SEPA_REPORT_INVALID', () => {
    const refusals = [
      '<html><body>no</body></html>',
      `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${prefixed}`,
      prefixed.replace('<p:OrgnlEndToEndId>2708990466216</p:OrgnlEndToEndId>', ''),
      prefixed.replace('<p:TxSts>ACSC</p:TxSts>', '<p:TxSts>paid</p:TxSts>'),
      prefixed.replace(/<p:OrgnlGrpInfAndSts>[\s\S]*<\/p:OrgnlGrpInfAndSts>/, ''),
    ];
    for (const xml of refusals) {
      let error: unknown;
      try {
        readStatusReport(xml);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(SepaFileError);
      expect((error as SepaFileError).code).toBe('SEPA_REPORT_INVALID');
    }
  });
});
