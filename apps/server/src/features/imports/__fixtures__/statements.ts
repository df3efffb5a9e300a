import { bbanToIban } from '@bilag/domain';

/** A DNB netbank export: preamble-free, semicolons, Norwegian dates and amounts. */
export function dnbCsv(rows: { date: string; text: string; out?: string; in?: string }[]): Uint8Array {
  const lines = ['"Dato";"Forklaring";"Rentedato";"Ut fra konto";"Inn på konto"'];
  for (const row of rows) {
    lines.push(`"${row.date}";"${row.text}";"${row.date}";"${row.out ?? ''}";"${row.in ?? ''}"`);
  }
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
}

export const DNB_ROWS = [
  { date: '03.02.2025', text: 'Varekjøp REMA 1000 OSLO', out: '123,50' },
  { date: '03.02.2025', text: 'Varekjøp REMA 1000 OSLO', out: '123,50' },
  { date: '05.02.2025', text: 'Innbetaling fra Kunde AS', in: '12 500,00' },
  { date: '10.03.2025', text: 'Telenor Norge AS', out: '899,00' },
  { date: 'not a date', text: 'Broken row', out: '1,00' },
];

type Entry = {
  amount: string;
  credit: boolean;
  date: string;
  reference: string;
  text: string;
  split?: string[];
  /** A KID in the structured remittance, as paid invoices carry. */
  kid?: string;
};

/** A camt.053.001.02 statement for one Norwegian account with opening and closing booked balances. */
export function camt053(
  accountNumber: string,
  options: { id: string; from: string; to: string; opening: string; closing: string; entries: Entry[] },
): Uint8Array {
  const amountXml = (amount: string) => `<Amt Ccy="NOK">${amount}</Amt>`;
  const entries = options.entries
    .map((entry) => {
      const details = (entry.split ?? [entry.amount])
        .map(
          (amount, index) => `<TxDtls><Refs><AcctSvcrRef>${entry.reference}-${index + 1}</AcctSvcrRef></Refs>
          <AmtDtls><TxAmt>${amountXml(amount)}</TxAmt></AmtDtls>
          <RmtInf><Ustrd>${entry.text}${entry.split ? ` ${index + 1}` : ''}</Ustrd>${
            entry.kid ? `<Strd><CdtrRefInf><Ref>${entry.kid}</Ref></CdtrRefInf></Strd>` : ''
          }</RmtInf></TxDtls>`,
        )
        .join('');
      return `<Ntry><NtryRef>${entry.reference}</NtryRef>${amountXml(entry.amount)}
        <CdtDbtInd>${entry.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>${entry.date}</Dt></BookgDt><ValDt><Dt>${entry.date}</Dt></ValDt>
        <AcctSvcrRef>${entry.reference}</AcctSvcrRef><NtryDtls>${details}</NtryDtls></Ntry>`;
    })
    .join('');
  const balance = (type: string, amount: string, date: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp>${amountXml(amount)}<CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>MSG-${options.id}</MsgId><CreDtTm>${options.to}T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>${options.id}</Id><CreDtTm>${options.to}T06:00:00</CreDtTm>
<FrToDt><FrDtTm>${options.from}T00:00:00</FrDtTm><ToDtTm>${options.to}T23:59:59</ToDtTm></FrToDt>
<Acct><Id><IBAN>${bbanToIban('NO', accountNumber)}</IBAN></Id><Ccy>NOK</Ccy><Svcr><FinInstnId><BIC>DNBANOKK</BIC></FinInstnId></Svcr></Acct>
${balance('OPBD', options.opening, options.from)}${balance('CLBD', options.closing, options.to)}
${entries}</Stmt></BkToCstmrStmt></Document>`;
  return new TextEncoder().encode(xml);
}
