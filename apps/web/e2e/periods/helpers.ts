import type { BankTransaction, ImportJob, PeriodMonthDetail } from '@bilag/contracts';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { expect, type Page } from '@playwright/test';
import { IMPORT_TIMEOUT_MS, uniqueAccountNumber } from '../imports/helpers';
import { camtAmount, randomOre, uniqueToken } from '../matching/helpers';
import { signInForCalls } from '../payments/helpers';
import { dataOf } from '../support/api';
import { type DemoCompany, demoUsers } from '../support/demo';

export { FIRST_LOAD_TIMEOUT_MS } from '../payments/helpers';

export type Caller = Awaited<ReturnType<typeof signInForCalls>>;

/** Signs in for calls as the accountant, who may do everything the tests set up. */
export function accountantCaller(page: Page): Promise<Caller> {
  return signInForCalls(page, demoUsers.accountant.email);
}

export async function readMonth(
  page: Page,
  caller: Caller,
  company: DemoCompany,
  month: string,
): Promise<PeriodMonthDetail> {
  return dataOf<PeriodMonthDetail>(
    await page.request.get(`/api/main/periods/${month}?companyId=${company.id}`, { headers: caller.headers }),
  );
}

/**
 * A month of the company's books that nothing has touched, in a year long past, so that tests running at
 * the same time (each asks for its own month of the year) and earlier runs against the same server
 * leave it alone: nothing booked, never closed.
 */
async function untouchedMonth(page: Page, caller: Caller, company: DemoCompany, monthNumber: number) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const year = 1990 + Math.floor(Math.random() * 30);
    const month = `${year}-${String(monthNumber).padStart(2, '0')}`;
    const detail = await readMonth(page, caller, company, month);
    const isUntouched =
      // Empty before any book of the company begins; ready when a test's statement of an earlier year
      // carries its balance into it.
      (detail.state === 'empty' || detail.state === 'ready') &&
      detail.history.length === 0 &&
      detail.accounts.every((account) => account.transactionCount === 0 && account.proof === 'no-activity');
    if (isUntouched) return month;
  }
  throw new Error(`No untouched month ${monthNumber} found in ${company.name}'s past`);
}

export type StatementEntry = { day: number; amountOre: number; text: string };

export type MonthBooks = {
  month: string;
  year: number;
  monthNumber: number;
  lastDay: string;
  accountId: number;
  /** As the screens name the account: "Periode ABCD (1503.12.34567)". */
  accountLabel: string;
  token: string;
  transactions: BankTransaction[];
};

function day(month: string, dayOfMonth: number): string {
  return `${month}-${String(dayOfMonth).padStart(2, '0')}`;
}

/**
 * A camt.053 statement of one month of the account: the bank's opening balance on the first day, the
 * entries, and its closing balance on the last day, which adds up unless `closingGapOre` says otherwise.
 */
function monthStatement(
  accountNumber: string,
  books: { month: string; lastDay: string; token: string },
  openingOre: number,
  entries: readonly StatementEntry[],
  closingGapOre: number,
): Buffer {
  const closingOre = openingOre + entries.reduce((sum, entry) => sum + entry.amountOre, 0) + closingGapOre;
  const balance = (code: string, amountOre: number, date: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="NOK">${camtAmount(Math.abs(amountOre))}</Amt><CdtDbtInd>${amountOre < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  const firstDay = day(books.month, 1);
  const entryXml = entries
    .map((entry, index) => {
      const reference = `PERIOD-${books.token}-${index + 1}`;
      const booked = day(books.month, entry.day);
      return `<Ntry><Amt Ccy="NOK">${camtAmount(Math.abs(entry.amountOre))}</Amt><CdtDbtInd>${entry.amountOre < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>
<Sts>BOOK</Sts><BookgDt><Dt>${booked}</Dt></BookgDt><ValDt><Dt>${booked}</Dt></ValDt>
<AcctSvcrRef>${reference}</AcctSvcrRef><NtryDtls><TxDtls><Refs><AcctSvcrRef>${reference}</AcctSvcrRef></Refs>
<RmtInf><Ustrd>${entry.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
    })
    .join('\n');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>MSG-PERIOD-${books.token}</MsgId><CreDtTm>${books.lastDay}T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>STMT-PERIOD-${books.token}</Id><CreDtTm>${books.lastDay}T06:00:00</CreDtTm>
<FrToDt><FrDtTm>${firstDay}T00:00:00</FrDtTm><ToDtTm>${books.lastDay}T23:59:59</ToDtTm></FrToDt>
<Acct><Id><Othr><Id>${accountNumber}</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr></Id><Ccy>NOK</Ccy></Acct>
${balance('OPBD', openingOre, firstDay)}${balance('CLBD', closingOre, books.lastDay)}
${entryXml}
</Stmt></BkToCstmrStmt></Document>`,
    'utf8',
  );
}

/** Transactions with amounts no other test uses, so no voucher of another test is matched to them. */
export function entriesOf(token: string, count: number): StatementEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    day: 3 + index * 4,
    amountOre: (index % 2 === 0 ? -1 : 1) * randomOre(300, 9_000),
    text: `Periode ${token} nr ${index + 1}`,
  }));
}

/**
 * A new account of the company with one bank statement in an untouched month: `monthNumber` keeps the
 * month apart from the other tests' (each test has its own). The statement's balances add up unless
 * `closingGapOre` is given; its transactions are left without a voucher.
 */
export async function givenMonthBooks(
  page: Page,
  caller: Caller,
  company: DemoCompany,
  monthNumber: number,
  { entryCount = 3, closingGapOre = 0 }: { entryCount?: number; closingGapOre?: number } = {},
): Promise<MonthBooks> {
  const month = await untouchedMonth(page, caller, company, monthNumber);
  const token = uniqueToken();
  const accountNumber = uniqueAccountNumber();
  const name = `Periode ${token}`;
  const account = await dataOf<{ Id: number }>(
    await page.request.post('/api/main/company-banks/add', {
      headers: caller.headers,
      data: { companyId: company.id, accountNumber, name },
    }),
  );
  const detail = await readMonth(page, caller, company, month);
  const books = { month, lastDay: detail.lastDay, token };
  const entries = entriesOf(token, entryCount);

  const uploaded = await dataOf<ImportJob>(
    await page.request.post('/api/main/transactions/v2/import-file-upload', {
      headers: caller.headers,
      multipart: {
        companyId: String(company.id),
        companyBankId: String(account.Id),
        file: {
          name: `statement-${token}.xml`,
          mimeType: 'application/xml',
          buffer: monthStatement(accountNumber, books, randomOre(10_000, 90_000), entries, closingGapOre),
        },
      },
    }),
  );
  await dataOf(
    await page.request.post('/api/main/transactions/v2/import-data-upload', {
      headers: caller.headers,
      data: { companyId: company.id, jobId: uploaded.Id },
    }),
  );
  let job: ImportJob | undefined;
  await expect
    .poll(
      async () => {
        job = await dataOf<ImportJob>(
          await page.request.get(
            `/api/main/transactions/v2/import-job/${uploaded.Id}?companyId=${company.id}`,
            {
              headers: caller.headers,
            },
          ),
        );
        return job.Status;
      },
      { timeout: IMPORT_TIMEOUT_MS, intervals: [100, 250, 500] },
    )
    .toMatch(/^(completed|failed)$/);
  expect(job).toMatchObject({ Status: 'completed', Imported: entries.length, Error: null });

  const [year = 0, number = 0] = month.split('-').map(Number);
  const listed = await dataOf<{ rows: BankTransaction[] }>(
    await page.request.get(
      `/api/main/transactions/v2/list?companyId=${company.id}&companyBankId=${account.Id}&year=${year}&month=${number}&pageSize=200`,
      { headers: caller.headers },
    ),
  );
  return {
    month,
    year,
    monthNumber: number,
    lastDay: detail.lastDay,
    accountId: account.Id,
    accountLabel: `${name} (${formatAccountNumber(accountNumber)})`,
    token,
    transactions: listed.rows,
  };
}

/** Explains the transactions by marking them private, as the bank list's bulk action does. */
export async function markPrivate(page: Page, caller: Caller, company: DemoCompany, books: MonthBooks) {
  for (const transaction of books.transactions) {
    await dataOf(
      await page.request.put(`/api/main/transactions/${transaction.Id}`, {
        headers: caller.headers,
        data: { companyId: company.id, isPrivate: true },
      }),
    );
  }
}

export function monthRow(page: Page, month: string) {
  return page.getByTestId(`period-month-${month}`);
}
