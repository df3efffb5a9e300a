import type { ImportJob, ImportJobReply } from '@bilag/contracts';
import { formatAmount } from '@bilag/domain/money/norwegian';
import { ore } from '@bilag/domain/money/ore';
import { expect, type Locator, type Page } from '@playwright/test';
import {
  authorization,
  chooseImportAccount,
  ensureAccount,
  formattedAccount,
  IMPORT_TIMEOUT_MS,
  uniqueAccountNumber,
} from '../imports/helpers';
import type { DemoCompany } from '../support/demo';
import { invoicePdf } from '../vouchers/helpers';

/** A first visit loads the screen's code and its calls; a busy test machine needs the time. */
export const FIRST_LOAD_TIMEOUT_MS = 20_000;

/** Four capital letters no other test (or earlier run) uses, to put in texts and names this test makes. */
export function uniqueToken(): string {
  return Array.from({ length: 4 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
}

/**
 * An amount in øre no earlier run is likely to have used, between the two (in kroner), so vouchers left
 * open by an earlier run against the same server are not suggested for this run's transactions.
 */
export function randomOre(fromKroner: number, toKroner: number): number {
  return Math.round((fromKroner + Math.random() * (toKroner - fromKroner)) * 100);
}

/** An amount as camt.053 writes it: kroner with a dot, "1873.40". */
export function camtAmount(amountOre: number): string {
  return (amountOre / 100).toFixed(2);
}

/** An amount as the screens show it: "1 873,40" with a no-break space between the thousands. */
export function shownAmount(amountOre: number): string {
  return formatAmount(ore(amountOre), { groupSeparator: '\u00A0' });
}

/** A KID with its mod-10 (Luhn) check digit, the kind Norwegian invoices carry. */
export function kidNumber(): string {
  const base = `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const sum = [...base].reverse().reduce((total, character, index) => {
    const digit = Number(character) * (index % 2 === 0 ? 2 : 1);
    return total + (digit > 9 ? digit - 9 : digit);
  }, 0);
  return `${base}${(10 - (sum % 10)) % 10}`;
}

export type VoucherFields = {
  date: string;
  supplierName: string;
  amountOre: number;
  dueDate?: string;
  kid?: string;
};

/** Uploads an invoice and fills in its fields through the API, as a person would on the voucher screen. */
export async function createVoucher(
  page: Page,
  company: DemoCompany,
  fields: VoucherFields,
): Promise<number> {
  const headers = await authorization(page);
  const uploaded = await page.request.post('/api/main/voucher/addByWeb', {
    headers,
    multipart: {
      companyId: String(company.id),
      files: { name: 'faktura.pdf', mimeType: 'application/pdf', buffer: invoicePdf(fields.supplierName) },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const id = ((await uploaded.json()) as { data: { Id: number }[] }).data[0]?.Id ?? 0;
  const updated = await page.request.put(`/api/main/voucher/${id}`, {
    headers,
    data: { companyId: company.id, ...fields },
  });
  expect(updated.ok(), await updated.text()).toBe(true);
  return id;
}

export type StatementEntry = {
  date: string;
  /** Kroner with a dot, as camt.053 writes it: "1873.40". */
  amount: string;
  isCredit?: boolean;
  text: string;
  kid?: string;
  /** The payer's reference, which the bank carries from a payment file to the statement. */
  endToEndId?: string;
};

/** A camt.053 statement of one account with these entries; each entry gets its own bank reference. */
export function camtStatement(accountNumber: string, statementId: string, entries: StatementEntry[]): Buffer {
  const dates = entries.map((entry) => entry.date).sort();
  const from = dates[0] ?? '2026-09-01';
  const to = dates[dates.length - 1] ?? from;
  const balance = (code: string, date: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="NOK">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  const entryXml = entries
    .map((entry, index) => {
      const reference = `${statementId}-${index + 1}`;
      const kid = entry.kid ? `<Strd><CdtrRefInf><Ref>${entry.kid}</Ref></CdtrRefInf></Strd>` : '';
      const endToEndId = entry.endToEndId ? `<EndToEndId>${entry.endToEndId}</EndToEndId>` : '';
      return `<Ntry><Amt Ccy="NOK">${entry.amount}</Amt><CdtDbtInd>${entry.isCredit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
<Sts>BOOK</Sts><BookgDt><Dt>${entry.date}</Dt></BookgDt><ValDt><Dt>${entry.date}</Dt></ValDt>
<AcctSvcrRef>${reference}</AcctSvcrRef><NtryDtls><TxDtls><Refs><AcctSvcrRef>${reference}</AcctSvcrRef>${endToEndId}</Refs>
<RmtInf><Ustrd>${entry.text}</Ustrd>${kid}</RmtInf></TxDtls></NtryDtls></Ntry>`;
    })
    .join('\n');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>MSG-${statementId}</MsgId><CreDtTm>${to}T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>${statementId}</Id><CreDtTm>${to}T06:00:00</CreDtTm>
<FrToDt><FrDtTm>${from}T00:00:00</FrDtTm><ToDtTm>${to}T23:59:59</ToDtTm></FrToDt>
<Acct><Id><Othr><Id>${accountNumber}</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr></Id><Ccy>NOK</Ccy></Acct>
${balance('OPBD', from)}${balance('CLBD', to)}
${entryXml}
</Stmt></BkToCstmrStmt></Document>`,
    'utf8',
  );
}

/**
 * Adds an account no other test uses to the company and imports a statement of these entries into it
 * through the API the import wizard calls, for tests whose subject is what happens after the import.
 * Answers the account's id.
 */
export async function importEntries(
  page: Page,
  company: DemoCompany,
  token: string,
  entries: StatementEntry[],
): Promise<number> {
  const accountNumber = uniqueAccountNumber();
  const accountId = await ensureAccount(page, company, accountNumber, `Konto ${token}`);
  await importEntriesInto(page, company, accountNumber, accountId, token, entries);
  return accountId;
}

/** Imports a statement of these entries into an account of the company through the API the import wizard calls. */
export async function importEntriesInto(
  page: Page,
  company: DemoCompany,
  accountNumber: string,
  accountId: number,
  token: string,
  entries: StatementEntry[],
): Promise<void> {
  const headers = await authorization(page);
  const uploaded = await page.request.post('/api/main/transactions/v2/import-file-upload', {
    headers,
    multipart: {
      companyId: String(company.id),
      companyBankId: String(accountId),
      file: {
        name: `statement-${token}.xml`,
        mimeType: 'application/xml',
        buffer: camtStatement(accountNumber, `STMT-${token}`, entries),
      },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const jobId = ((await uploaded.json()) as ImportJobReply).data.Id;
  const started = await page.request.post('/api/main/transactions/v2/import-data-upload', {
    headers,
    data: { companyId: company.id, jobId },
  });
  expect(started.ok(), await started.text()).toBe(true);

  let job: ImportJob | undefined;
  await expect
    .poll(
      async () => {
        const reply = await page.request.get(
          `/api/main/transactions/v2/import-job/${jobId}?companyId=${company.id}`,
          { headers },
        );
        job = ((await reply.json()) as ImportJobReply).data;
        return job.Status;
      },
      { timeout: IMPORT_TIMEOUT_MS, intervals: [100, 250, 500] },
    )
    .toMatch(/^(completed|failed)$/);
  expect(job).toMatchObject({ Status: 'completed', Imported: entries.length, Error: null });
}

/**
 * Adds an account no other test uses to the company and imports a statement of these entries into it
 * through the import wizard, as a person would. Answers the account's id.
 */
export async function importEntriesThroughWizard(
  page: Page,
  company: DemoCompany,
  token: string,
  entries: StatementEntry[],
): Promise<number> {
  const accountNumber = uniqueAccountNumber();
  const accountId = await ensureAccount(page, company, accountNumber, `Konto ${token}`);
  await page.goto(`/${company.alias}/bank/import-document`);
  await chooseImportAccount(page, `${formattedAccount(accountNumber)} · Konto ${token}`);
  await page
    .getByTestId('import-dropzone')
    .locator('input[type="file"]')
    .setInputFiles({
      name: `statement-${token}.xml`,
      mimeType: 'application/xml',
      buffer: camtStatement(accountNumber, `STMT-${token}`, entries),
    });
  await page.getByTestId('import-upload').click();
  await expect(page.getByTestId('import-preview')).toBeVisible({ timeout: IMPORT_TIMEOUT_MS });
  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('check-rows')).toHaveText(String(entries.length), {
    timeout: IMPORT_TIMEOUT_MS,
  });
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('result-imported')).toHaveText(String(entries.length), {
    timeout: IMPORT_TIMEOUT_MS,
  });
  return accountId;
}

export function missingRows(page: Page): Locator {
  return page.getByTestId(/^missing-row-\d+$/);
}

export function missingRow(page: Page, text: string): Locator {
  return missingRows(page).filter({ hasText: text });
}

/** The number on one tile of the counts strip, once the list has come. */
export async function countOf(page: Page, key: string): Promise<number> {
  const value = page.getByTestId(`count-${key}`).getByTestId('count-value');
  await expect(value).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  return Number(await value.textContent());
}

/** Opens connect-missing with only the rows whose text has the token. */
export async function openConnectMissing(page: Page, company: DemoCompany, keyword: string) {
  await page.goto(`/${company.alias}/connect-missing?q=${encodeURIComponent(keyword)}`);
  await expect(page.getByTestId('missing-count')).not.toHaveText(' ', { timeout: FIRST_LOAD_TIMEOUT_MS });
}
