import { randomUUID } from 'node:crypto';
import { PaymentStatus, PaymentType } from '@bilag/contracts';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { newEndToEndId } from '../apps/server/src/features/payments/payment.mapping';
import type { PaymentRow } from '../apps/server/src/features/payments/payment.table';
import {
  buildPain001Xml,
  instructionIdOf,
  type Pain001Payer,
} from '../apps/server/src/features/payments/payment-file.service';
import { creditTransfersFromPain001, minorUnitsToDecimal, parsePain001 } from '../packages/domain/src';
import { seedBenchCompanies, withBenchPostgres } from './bench-database';
import { compareListCall } from './http-comparison';
import type { BenchResult } from './result';

/**
 * `BENCH_SCALE=0.01 npm run bench -- payments` runs at a hundredth of the sizes, to prove the
 * benchmark works; the figures are for scale 1.
 */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const COMPANIES = 1000;
const LIST_PATH = '/api/main/v2/voucher-payments?companyId={companyId}&statuses=0';

/** The statements the list call runs for its page and total, sent by a bare driver as the floor. */
const BARE_LIST_SQL = `select p.*, v.supplier_name from payments p
  left join vouchers v on v.company_id = p.company_id and v.id = p.voucher_id
  where p.company_id = $1 and p.type = any('{0,1}'::int[]) and p.status = any('{0}'::int[])
  order by p.due_date, p.id limit 20 offset 0`;
const BARE_COUNT_SQL = `select count(*) from payments
  where company_id = $1 and type = any('{0,1}'::int[]) and status = any('{0}'::int[])`;

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

async function seed(database: DatabaseHandle, paymentsPerCompany: number) {
  const db = database.db;
  await seedBenchCompanies(database, COMPANIES);
  await db.execute(sql`insert into company_banks (company_id, account_number, currency)
    select id, '1503' || lpad(id::text, 7, '0'), 'NOK' from companies order by id`);
  // A quarter of the payments come from a voucher, whose supplier name the list shows.
  await db.execute(sql`insert into vouchers (company_id, voucher_date, effective_date, supplier_name, amount_ore, currency, source, status, labels)
    select c.id, date '2025-01-01' + (n % 365), date '2025-01-01' + (n % 365),
      (array['Telenor Norge AS','Rema 1000','Circle K','Posten Norge'])[1 + (n % 4)], 10000 + n, 'NOK', 0, 1, '{}'
    from companies c cross join generate_series(1, ${Math.ceil(paymentsPerCompany / 4)}) as n
    order by c.id, n`);
  const vouchersPerCompany = Math.ceil(paymentsPerCompany / 4);
  await db.execute(sql`insert into payments (company_id, uuid, voucher_id, type, source, status, debtor_company_bank_id,
      debtor_account_number, creditor_name, creditor_account, amount_ore, currency, due_date, kid, message, end_to_end_id,
      created_by)
    select s.company_id, s.uuid,
      case when n % 4 = 0 then (s.company_id - 1) * ${vouchersPerCompany} + n / 4 end,
      case when n % 10 = 9 then 1 when n % 10 = 8 then 2 else 0 end,
      case when n % 4 = 0 then 0 else 2 end,
      (array[0, 1, 2, 3, 4])[1 + (n % 5)],
      b.id, b.account_number,
      (array['Vestlandsmel AS','Bergen Bakeri AS','Kaffebrenneriet','Lieferant GmbH'])[1 + (n % 4)],
      case when n % 10 = 9 then 'DE89370400440532013000' else '12060000' || lpad((n % 1000)::text, 3, '0') end,
      1000 + (n * 7919) % 5000000, case when n % 10 = 9 then 'EUR' else 'NOK' end,
      date '2025-01-01' + (n % 400),
      null, 'Faktura ' || n, 'BILAG-' || upper(substr(replace(s.uuid, '-', ''), 1, 29)), 1
    from (select c.id as company_id, n, gen_random_uuid()::text as uuid
          from companies c cross join generate_series(1, ${paymentsPerCompany}) as n) as s
    join company_banks b on b.company_id = s.company_id`);
  // What autovacuum would have done to a table that grew over years: statistics and a visibility map.
  await db.execute(sql`vacuum analyze`);
}

/** (a) The payment list call against the same statements sent through bare pg and node:http. */
function benchPaymentList(paymentsPerCompany: number, seconds: number): Promise<BenchResult[]> {
  return withBenchPostgres(async (database, barePool) => {
    await database.migrate();
    await seed(database, paymentsPerCompany);
    return compareListCall(
      {
        subject: 'payment list',
        label: `PostgreSQL, ${(COMPANIES * paymentsPerCompany).toLocaleString('en')} payments`,
        pathTemplate: LIST_PATH,
        bareListSql: BARE_LIST_SQL,
        bareCountSql: BARE_COUNT_SQL,
      },
      database,
      (text, values) => barePool.query(text, values),
      { companies: COMPANIES, seconds, hasGoals: true },
    );
  });
}

const PAYER: Pain001Payer = {
  accountNumber: '15030000019',
  bic: 'DNBANOKK',
  companyName: 'Bakeriet Vest AS',
  organisationNumber: '923456783',
};

/** Payments as an export takes them: due date first; every tenth abroad, half of the rest with a KID. */
function syntheticPayments(count: number): PaymentRow[] {
  const now = new Date();
  return Array.from({ length: count }, (_, index): PaymentRow => {
    const uuid = randomUUID();
    const isInternational = index % 10 === 9;
    const hasKid = !isInternational && index % 2 === 0;
    return {
      companyId: 1,
      id: index + 1,
      uuid,
      voucherId: null,
      type: isInternational ? PaymentType.INTERNATIONAL : PaymentType.DOMESTIC,
      source: 2,
      status: PaymentStatus.FOR_APPROVE,
      bankStatus: null,
      bankStatusReason: null,
      bankStatusText: null,
      debtorCompanyBankId: 1,
      debtorAccountNumber: PAYER.accountNumber,
      creditorName: isInternational ? 'Lieferant GmbH' : `Leverandør ${index % 997}`,
      creditorAccount: isInternational
        ? 'DE89370400440532013000'
        : `1206${String(index % 9_999_999).padStart(7, '0')}`,
      creditorCompanyBankId: null,
      creditorBic: isInternational ? 'COBADEFFXXX' : null,
      creditorCountry: isInternational ? 'DE' : null,
      creditorAddress: null,
      creditorPostCode: null,
      creditorTown: null,
      amountOre: 1_00 + ((index * 7919) % 5_000_000),
      currency: isInternational ? 'EUR' : 'NOK',
      dueDate: `2030-03-${String(10 + Math.floor((index * 20) / count)).padStart(2, '0')}`,
      kid: hasKid ? String(1_000_000 + index) : null,
      message: hasKid ? null : `Faktura ${index} & takk`,
      chargeBearer: isInternational ? 'SHA' : null,
      reasonCode: null,
      reasonText: null,
      endToEndId: newEndToEndId(uuid),
      basketUuid: null,
      exportId: null,
      paidAt: null,
      paidTransactionId: null,
      paidReason: null,
      createdBy: 1,
      updatedBy: null,
      createdAt: now,
      updatedAt: now,
    };
  });
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeText = (value: string) =>
  value.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);

/**
 * The same pain.001.001.03 written by hand: one template string per element, the groups counted in a
 * first pass. What a payment file costs when nothing but the text is built.
 */
function bareBuild(rows: readonly PaymentRow[], messageId: string, createdAt: string): string {
  const total = (list: readonly PaymentRow[]) =>
    minorUnitsToDecimal(
      list.reduce((sum, row) => sum + row.amountOre, 0),
      2,
    );
  const groups = new Map<string, PaymentRow[]>();
  for (const row of rows) {
    const group = groups.get(row.dueDate);
    if (group) group.push(row);
    else groups.set(row.dueDate, [row]);
  }
  const bban = (account: string, indent: string) =>
    `${indent}<Id>\n${indent}  <Othr>\n${indent}    <Id>${account}</Id>\n${indent}    <SchmeNm>\n${indent}      <Cd>BBAN</Cd>\n${indent}    </SchmeNm>\n${indent}  </Othr>\n${indent}</Id>\n`;
  let xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">
  <CstmrCdtTrfInitn>
    <GrpHdr>
      <MsgId>${messageId}</MsgId>
      <CreDtTm>${createdAt}</CreDtTm>
      <NbOfTxs>${rows.length}</NbOfTxs>
      <CtrlSum>${total(rows)}</CtrlSum>
      <InitgPty>
        <Nm>${escapeText(PAYER.companyName)}</Nm>
        <Id>
          <OrgId>
            <Othr>
              <Id>${PAYER.organisationNumber}</Id>
              <SchmeNm>
                <Cd>CUST</Cd>
              </SchmeNm>
            </Othr>
          </OrgId>
        </Id>
      </InitgPty>
    </GrpHdr>
`;
  let groupNumber = 0;
  for (const [dueDate, group] of groups) {
    groupNumber += 1;
    xml += `    <PmtInf>
      <PmtInfId>${messageId.slice(0, 29)}-${groupNumber}</PmtInfId>
      <PmtMtd>TRF</PmtMtd>
      <NbOfTxs>${group.length}</NbOfTxs>
      <CtrlSum>${total(group)}</CtrlSum>
      <PmtTpInf>
        <SvcLvl>
          <Cd>NURG</Cd>
        </SvcLvl>
      </PmtTpInf>
      <ReqdExctnDt>${dueDate}</ReqdExctnDt>
      <Dbtr>
        <Nm>${escapeText(PAYER.companyName)}</Nm>
      </Dbtr>
      <DbtrAcct>
${bban(PAYER.accountNumber, '        ')}      </DbtrAcct>
      <DbtrAgt>
        <FinInstnId>
          <BIC>${PAYER.bic}</BIC>
        </FinInstnId>
      </DbtrAgt>
`;
    for (const row of group) {
      const isInternational = row.type === PaymentType.INTERNATIONAL;
      xml += `      <CdtTrfTxInf>
        <PmtId>
          <InstrId>${instructionIdOf(row)}</InstrId>
          <EndToEndId>${row.endToEndId}</EndToEndId>
        </PmtId>
        <Amt>
          <InstdAmt Ccy="${row.currency}">${minorUnitsToDecimal(row.amountOre, 2)}</InstdAmt>
        </Amt>
`;
      if (isInternational)
        xml += `        <ChrgBr>SHAR</ChrgBr>
        <CdtrAgt>
          <FinInstnId>
            <BIC>${row.creditorBic}</BIC>
          </FinInstnId>
        </CdtrAgt>
        <Cdtr>
          <Nm>${escapeText(row.creditorName)}</Nm>
          <PstlAdr>
            <Ctry>${row.creditorCountry}</Ctry>
          </PstlAdr>
        </Cdtr>
        <CdtrAcct>
          <Id>
            <IBAN>${row.creditorAccount}</IBAN>
          </Id>
        </CdtrAcct>
`;
      else
        xml += `        <Cdtr>
          <Nm>${escapeText(row.creditorName)}</Nm>
        </Cdtr>
        <CdtrAcct>
${bban(row.creditorAccount, '          ')}        </CdtrAcct>
`;
      xml +=
        row.kid === null
          ? `        <RmtInf>
          <Ustrd>${escapeText(row.message ?? '')}</Ustrd>
        </RmtInf>
      </CdtTrfTxInf>
`
          : `        <RmtInf>
          <Strd>
            <CdtrRefInf>
              <Tp>
                <CdOrPrtry>
                  <Cd>SCOR</Cd>
                </CdOrPrtry>
              </Tp>
              <Ref>${row.kid}</Ref>
            </CdtrRefInf>
          </Strd>
        </RmtInf>
      </CdtTrfTxInf>
`;
    }
    xml += '    </PmtInf>\n';
  }
  return `${xml}  </CstmrCdtTrfInitn>\n</Document>\n`;
}

/** Every payment back from the file with its amount, currency, account and reference as sent. */
function checkReadBack(xml: string, rows: readonly PaymentRow[]): void {
  const read = creditTransfersFromPain001(parsePain001(xml));
  if (read.length !== rows.length) throw new Error(`read back ${read.length} payments of ${rows.length}`);
  read.forEach((payment, index) => {
    const row = rows[index];
    const account = payment.creditor.account.iban ?? payment.creditor.account.bban;
    const same =
      row !== undefined &&
      payment.endToEndId === row.endToEndId &&
      payment.amount === row.amountOre &&
      payment.currency === row.currency &&
      payment.executionDate === row.dueDate &&
      account === row.creditorAccount &&
      (payment.kid ?? null) === row.kid &&
      (payment.message ?? null) === row.message;
    if (!same) throw new Error(`payment ${index + 1} reads back differently: ${JSON.stringify(payment)}`);
  });
}

/** Best of several timed runs, alternating ours and the baseline so both see the same machine state. */
function bestSeconds(rounds: number, ours: () => void, baseline: () => void) {
  let best = { ours: Number.POSITIVE_INFINITY, baseline: Number.POSITIVE_INFINITY };
  const timed = (run: () => void) => {
    const start = performance.now();
    run();
    return (performance.now() - start) / 1000;
  };
  for (let round = 0; round < rounds; round++) {
    const baselineSeconds = timed(baseline);
    const oursSeconds = timed(ours);
    best = { ours: Math.min(best.ours, oursSeconds), baseline: Math.min(best.baseline, baselineSeconds) };
  }
  return best;
}

/** (b) A pain.001 of many payments through the export's XML build, against the bare string build. */
function benchPain001(count: number): BenchResult[] {
  const rows = syntheticPayments(count);
  const header = { messageId: 'PAIN001-20300301120000-BENCH', createdAt: '2030-03-01T12:00:00' };
  let ours = '';
  let bare = '';
  const seconds = bestSeconds(
    3,
    () => {
      ours = buildPain001Xml(PAYER, rows, header);
    },
    () => {
      bare = bareBuild(rows, header.messageId, header.createdAt);
    },
  );
  if (ours !== bare) throw new Error('the bare build does not write the same file as the export');
  checkReadBack(ours, rows);
  const megabytes = Buffer.byteLength(ours) / (1024 * 1024);
  return [
    {
      name: `pain.001 of ${count.toLocaleString('en')} payments (${round(megabytes, 1)} MB), read back equal`,
      ours: round(count / seconds.ours, 0),
      baseline: round(count / seconds.baseline, 0),
      unit: 'payments/s',
      ratio: seconds.baseline / seconds.ours,
      goal: '≥ 0.7× a bare string build',
      met: seconds.baseline / seconds.ours >= 0.7,
    },
  ];
}

export async function benchPayments(): Promise<BenchResult[]> {
  const paymentsPerCompany = Math.max(10, Math.round(1000 * SCALE));
  const seconds = SCALE < 1 ? 3 : 10;
  // The list first: the pain.001 part leaves hundreds of megabytes of strings for the collector, whose
  // pauses would land in both sides' latencies.
  const list = await benchPaymentList(paymentsPerCompany, seconds);
  return [...benchPain001(Math.max(100, Math.round(100_000 * SCALE))), ...list];
}
