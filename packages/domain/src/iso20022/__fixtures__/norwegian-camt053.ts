import { minorUnitsToDecimal } from '../../money/decimal';
import { accountNumberCheckDigit } from '../../validators/account-number';
import { createKid } from '../../validators/kid';
import { escapeXml } from '../../xml/safe-xml';

/**
 * Our own Norwegian camt.053 statements: NOK, accounts as BBAN (`Othr/Id` with `SchmeNm/Cd` BBAN), KID as a
 * structured creditor reference (SCOR), batched entries, and balances that add up. Used by tests and by the
 * benchmark, which asks for a target size instead of an entry count.
 */
export type CamtFixtureVersion = '001.02' | '001.04' | '001.08';

export interface CamtFixtureOptions {
  version?: CamtFixtureVersion;
  /** Number of entries; ignored when targetBytes is given. */
  entryCount?: number;
  /** Keep adding entries until the document reaches about this many characters. */
  targetBytes?: number;
  openingBalanceOre?: number;
}

export interface CamtFixture {
  xml: string;
  entryCount: number;
  openingBalanceOre: number;
  closingBalanceOre: number;
  accountBban: string;
}

export function norwegianAccountNumber(seed: number): string {
  for (let offset = 0; ; offset++) {
    const firstTen = String(1503_000_000 + ((seed * 7919 + offset) % 1_000_000_000)).padStart(10, '0');
    const check = accountNumberCheckDigit(firstTen);
    if (check !== undefined) return `${firstTen}${check}`;
  }
}

export const FIXTURE_ACCOUNT = norwegianAccountNumber(1);

function amountElement(ore: number, indent: string): string {
  return `${indent}<Amt Ccy="NOK">${minorUnitsToDecimal(ore, 2)}</Amt>`;
}

function bbanAccount(tag: string, bban: string, indent: string): string {
  return [
    `${indent}<${tag}>`,
    `${indent}  <Id><Othr><Id>${bban}</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr></Id>`,
    `${indent}</${tag}>`,
  ].join('\n');
}

function party(tag: string, name: string, version: CamtFixtureVersion, indent: string): string {
  const nameElement = `<Nm>${escapeXml(name)}</Nm>`;
  return version === '001.08'
    ? `${indent}<${tag}><Pty>${nameElement}</Pty></${tag}>`
    : `${indent}<${tag}>${nameElement}</${tag}>`;
}

interface FixtureTransaction {
  ore: number;
  isCredit: boolean;
  counterpartyName: string;
  counterpartyAccount: string;
  kid?: string;
  text?: string;
  endToEndId: string;
}

function transactionXml(transaction: FixtureTransaction, version: CamtFixtureVersion): string {
  const indent = '            ';
  const role = transaction.isCredit ? 'Dbtr' : 'Cdtr';
  const amount =
    version === '001.02'
      ? `${indent}  <AmtDtls><TxAmt>${amountElement(transaction.ore, '').trim()}</TxAmt></AmtDtls>`
      : `${amountElement(transaction.ore, `${indent}  `)}\n${indent}  <CdtDbtInd>${transaction.isCredit ? 'CRDT' : 'DBIT'}</CdtDbtInd>`;
  const remittance =
    transaction.kid !== undefined
      ? `${indent}  <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${transaction.kid}</Ref></CdtrRefInf></Strd></RmtInf>`
      : `${indent}  <RmtInf><Ustrd>${escapeXml(transaction.text ?? '')}</Ustrd></RmtInf>`;
  return [
    `${indent}<TxDtls>`,
    `${indent}  <Refs><EndToEndId>${transaction.endToEndId}</EndToEndId></Refs>`,
    amount,
    `${indent}  <RltdPties>`,
    party(role, transaction.counterpartyName, version, `${indent}    `),
    bbanAccount(`${role}Acct`, transaction.counterpartyAccount, `${indent}    `),
    `${indent}  </RltdPties>`,
    remittance,
    `${indent}</TxDtls>`,
  ].join('\n');
}

function status(version: CamtFixtureVersion): string {
  return version === '001.08' ? '<Sts><Cd>BOOK</Cd></Sts>' : '<Sts>BOOK</Sts>';
}

function entryXml(index: number, version: CamtFixtureVersion): { xml: string; signedOre: number } {
  const isCredit = index % 3 !== 2;
  const isBatch = index % 10 === 9;
  const transactions: FixtureTransaction[] = [];
  const parts = isBatch ? 3 : 1;
  for (let part = 0; part < parts; part++) {
    const ore = 1_00 + ((index * 7_919 + part * 104_729) % 2_500_000);
    transactions.push({
      ore,
      isCredit,
      counterpartyName: isCredit ? `Kunde ${index} & Sønn AS` : `Leverandør ${index}-${part} AS`,
      counterpartyAccount: norwegianAccountNumber(index + part + 2),
      kid: isCredit
        ? createKid(String(100_000 + index * 10 + part), index % 2 === 0 ? 'MOD10' : 'MOD11')
        : undefined,
      text: isCredit ? undefined : `Faktura ${index}-${part} <varer>`,
      endToEndId: `E2E-${index}-${part}`,
    });
  }
  const total = transactions.reduce((sum, transaction) => sum + transaction.ore, 0);
  const day = String(1 + (index % 28)).padStart(2, '0');
  const indent = '      ';
  const xml = [
    `${indent}<Ntry>`,
    amountElement(total, `${indent}  `),
    `${indent}  <CdtDbtInd>${isCredit ? 'CRDT' : 'DBIT'}</CdtDbtInd>`,
    `${indent}  ${status(version)}`,
    `${indent}  <BookgDt><Dt>2024-03-${day}</Dt></BookgDt>`,
    `${indent}  <ValDt><Dt>2024-03-${day}</Dt></ValDt>`,
    `${indent}  <AcctSvcrRef>ARKIV${String(index).padStart(10, '0')}</AcctSvcrRef>`,
    `${indent}  <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${isCredit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>DMCT</SubFmlyCd></Fmly></Domn></BkTxCd>`,
    `${indent}  <NtryDtls>`,
    isBatch ? `${indent}    <Btch><NbOfTxs>${parts}</NbOfTxs></Btch>` : undefined,
    ...transactions.map((transaction) => transactionXml(transaction, version)),
    `${indent}  </NtryDtls>`,
    `${indent}</Ntry>`,
  ]
    .filter((line) => line !== undefined)
    .join('\n');
  return { xml, signedOre: isCredit ? total : -total };
}

function balanceXml(type: string, ore: number, date: string): string {
  return [
    '      <Bal>',
    `        <Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp>`,
    amountElement(Math.abs(ore), '        '),
    `        <CdtDbtInd>${ore < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>`,
    `        <Dt><Dt>${date}</Dt></Dt>`,
    '      </Bal>',
  ].join('\n');
}

export function norwegianCamt053(options: CamtFixtureOptions = {}): CamtFixture {
  const version = options.version ?? '001.02';
  const opening = options.openingBalanceOre ?? 125_000_00;
  const entries: string[] = [];
  let closing = opening;
  let size = 0;
  const wanted = options.targetBytes === undefined ? (options.entryCount ?? 10) : Number.POSITIVE_INFINITY;
  while (entries.length < wanted && (options.targetBytes === undefined || size < options.targetBytes)) {
    const entry = entryXml(entries.length, version);
    entries.push(entry.xml);
    closing += entry.signedOre;
    size += entry.xml.length + 1;
  }
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    '  <BkToCstmrStmt>',
    '    <GrpHdr><MsgId>BILAG-CAMT-0001</MsgId><CreDtTm>2024-04-01T06:00:00+02:00</CreDtTm></GrpHdr>',
    '    <Stmt>',
    '      <Id>STMT-2024-03</Id>',
    '      <ElctrncSeqNb>3</ElctrncSeqNb>',
    '      <LglSeqNb>2024003</LglSeqNb>',
    '      <CreDtTm>2024-04-01T06:00:00+02:00</CreDtTm>',
    '      <FrToDt><FrDtTm>2024-03-01T00:00:00+01:00</FrDtTm><ToDtTm>2024-03-31T23:59:59+02:00</ToDtTm></FrToDt>',
    '      <Acct>',
    `        <Id><Othr><Id>${FIXTURE_ACCOUNT}</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr></Id>`,
    '        <Ccy>NOK</Ccy>',
    '        <Ownr><Nm>Bilagsbank Demo AS</Nm></Ownr>',
    '        <Svcr><FinInstnId><BIC>DNBANOKK</BIC></FinInstnId></Svcr>',
    '      </Acct>',
    balanceXml('OPBD', opening, '2024-03-01'),
    balanceXml('CLBD', closing, '2024-03-31'),
    ...entries,
    '    </Stmt>',
    '  </BkToCstmrStmt>',
    '</Document>',
    '',
  ].join('\n');
  return {
    xml,
    entryCount: entries.length,
    openingBalanceOre: opening,
    closingBalanceOre: closing,
    accountBban: FIXTURE_ACCOUNT,
  };
}
