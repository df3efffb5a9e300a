import { bbanToIban } from '@bilag/domain';

/**
 * A DNB netbank export: preamble-free, semicolons, Norwegian dates and amounts. The value date (Rentedato)
 * is the booking date unless a row gives its own.
 */
export function dnbCsv(
  rows: { date: string; text: string; out?: string; in?: string; valueDate?: string }[],
): Uint8Array {
  const lines = ['"Dato";"Forklaring";"Rentedato";"Ut fra konto";"Inn på konto"'];
  for (const row of rows) {
    lines.push(
      `"${row.date}";"${row.text}";"${row.valueDate ?? row.date}";"${row.out ?? ''}";"${row.in ?? ''}"`,
    );
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
  /** The payer's end-to-end id of the payment. */
  endToEndId?: string;
  /** The entry's additional information, which banks often fill with its one free-text line again. */
  additionalInfo?: string;
};

/** The text encodings a statement file is written in here; UTF-16 with its byte order mark. */
type FileEncoding = 'UTF-8' | 'ISO-8859-1' | 'UTF-16';

function encoded(xml: string, encoding: FileEncoding): Uint8Array {
  if (encoding === 'ISO-8859-1') return new Uint8Array(Buffer.from(xml, 'latin1'));
  if (encoding === 'UTF-16')
    return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]));
  return new TextEncoder().encode(xml);
}

/**
 * A camt.053.001.02 statement for one Norwegian account with opening and closing booked balances, in
 * UTF-8 unless another encoding is asked for (and declared).
 */
export function camt053(
  accountNumber: string,
  options: {
    id: string;
    from: string;
    to: string;
    opening: string;
    closing: string;
    entries: Entry[];
    encoding?: FileEncoding;
  },
): Uint8Array {
  const amountXml = (amount: string) => `<Amt Ccy="NOK">${amount}</Amt>`;
  const entries = options.entries
    .map((entry) => {
      const details = (entry.split ?? [entry.amount])
        .map(
          (amount, index) => `<TxDtls><Refs><AcctSvcrRef>${entry.reference}-${index + 1}</AcctSvcrRef>${
            entry.endToEndId ? `<EndToEndId>${entry.endToEndId}</EndToEndId>` : ''
          }</Refs>
          <AmtDtls><TxAmt>${amountXml(amount)}</TxAmt></AmtDtls>
          <RmtInf><Ustrd>${entry.text}${entry.split ? ` ${index + 1}` : ''}</Ustrd>${
            entry.kid ? `<Strd><CdtrRefInf><Ref>${entry.kid}</Ref></CdtrRefInf></Strd>` : ''
          }</RmtInf></TxDtls>`,
        )
        .join('');
      return `<Ntry><NtryRef>${entry.reference}</NtryRef>${amountXml(entry.amount)}
        <CdtDbtInd>${entry.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>${entry.date}</Dt></BookgDt><ValDt><Dt>${entry.date}</Dt></ValDt>
        <AcctSvcrRef>${entry.reference}</AcctSvcrRef><NtryDtls>${details}</NtryDtls>${
          entry.additionalInfo ? `<AddtlNtryInf>${entry.additionalInfo}</AddtlNtryInf>` : ''
        }</Ntry>`;
    })
    .join('');
  const balance = (type: string, amount: string, date: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp>${amountXml(amount)}<CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  const encoding = options.encoding ?? 'UTF-8';
  const xml = `<?xml version="1.0" encoding="${encoding}"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>MSG-${options.id}</MsgId><CreDtTm>${options.to}T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>${options.id}</Id><CreDtTm>${options.to}T06:00:00</CreDtTm>
<FrToDt><FrDtTm>${options.from}T00:00:00</FrDtTm><ToDtTm>${options.to}T23:59:59</ToDtTm></FrToDt>
<Acct><Id><IBAN>${bbanToIban('NO', accountNumber)}</IBAN></Id><Ccy>NOK</Ccy><Svcr><FinInstnId><BIC>DNBANOKK</BIC></FinInstnId></Svcr></Acct>
${balance('OPBD', options.opening, options.from)}${balance('CLBD', options.closing, options.to)}
${entries}</Stmt></BkToCstmrStmt></Document>`;
  return encoded(xml, encoding);
}
