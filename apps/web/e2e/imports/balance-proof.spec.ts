import { expect, test } from '@playwright/test';
import { accountRow, openBankAccounts } from '../banks/helpers';
import { demoCompanies, demoUsers } from '../support/demo';
import { signIn } from '../support/session';
import {
  chooseImportAccount,
  ensureAccount,
  FIRST_LOAD_TIMEOUT_MS,
  formattedAccount,
  IMPORT_TIMEOUT_MS,
  uniqueAccountNumber,
} from './helpers';

/** Today in Oslo, where the balance screen's period ends. */
function todayInOslo(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
}

/**
 * A camt.053 statement of the account for today whose balances do not add up: it opens at 5 000,00 and
 * books 1 250,00 in, which makes 6 250,00, but the bank states a closing balance of 6 350,00.
 */
function statementThatDoesNotAddUp(accountNumber: string, day: string): Buffer {
  const balance = (type: string, amount: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp><Amt Ccy="NOK">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>BILAG-E2E-PROOF</MsgId><CreDtTm>${day}T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>STMT-PROOF</Id>
<FrToDt><FrDtTm>${day}T00:00:00</FrDtTm><ToDtTm>${day}T23:59:59</ToDtTm></FrToDt>
<Acct><Id><Othr><Id>${accountNumber}</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr></Id><Ccy>NOK</Ccy></Acct>
${balance('OPBD', '5000.00')}${balance('CLBD', '6350.00')}
<Ntry><Amt Ccy="NOK">1250.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>${day}</Dt></BookgDt><AcctSvcrRef>E2E-PROOF-1</AcctSvcrRef>
<NtryDtls><TxDtls><RmtInf><Ustrd>Innbetaling faktura 3017</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`);
}

test('an accountant imports a statement whose balances do not add up and sees it on the import history and on the account', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const company = demoCompanies.bakery;
  const accountNumber = uniqueAccountNumber();
  const accountName = 'Saldokontroll';
  const accountLabel = `${formattedAccount(accountNumber)} · ${accountName}`;

  await signIn(page, demoUsers.accountant.email);
  const accountId = await ensureAccount(page, company, accountNumber, accountName);

  await page.goto(`/${company.alias}/bank/import-document`);
  await chooseImportAccount(page, accountLabel);
  await page
    .getByTestId('import-dropzone')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'saldo-feil.xml',
      mimeType: 'application/xml',
      buffer: statementThatDoesNotAddUp(accountNumber, todayInOslo()),
    });
  await page.getByTestId('import-upload').click();
  await expect(page.getByTestId('balance-proof')).toHaveAttribute('data-ok', 'false', {
    timeout: IMPORT_TIMEOUT_MS,
  });
  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('check-rows')).toHaveText('1', { timeout: IMPORT_TIMEOUT_MS });
  await page.getByTestId('import-start').click();

  const afterImport = page.getByTestId('import-proof-failed');
  await expect(page.getByTestId('result-imported')).toHaveText('1', { timeout: IMPORT_TIMEOUT_MS });
  await expect(afterImport).toContainText("The statement's balances do not add up");
  await expect(afterImport).toContainText(
    'Statement STMT-PROOF: the opening balance plus the entries gives 6250.00, but the closing balance is 6350.00.',
  );
  await page.screenshot({ path: test.info().outputPath('import-result.png'), fullPage: true });

  await page.goto(`/${company.alias}/bank?view=imports&account=${accountId}`);
  const importRow = page.getByTestId('import-history').locator('[data-testid^="import-row-"]');
  await expect(importRow).toHaveCount(1, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(importRow.getByTestId('import-proof-failed')).toHaveText('Does not add up: off by 100,00');
  await page.screenshot({ path: test.info().outputPath('import-history.png'), fullPage: true });

  await openBankAccounts(page, company.alias);
  const row = accountRow(page, formattedAccount(accountNumber));
  await expect(row).toContainText('6 350,00');
  await expect(row.getByTestId('balance-unproven')).toHaveText('Does not add up: off by 100,00\u00A0NOK');

  const panel = page.getByRole('region', { name: 'Balance' });
  await panel.getByTestId('balance-account').click();
  await page.getByRole('option', { name: `${accountName} (${formattedAccount(accountNumber)})` }).click();
  await expect(panel.getByTestId('balance-closing').getByTestId('amount')).toHaveText('6 350,00\u00A0NOK');
  const unproven = panel.getByTestId('balance-unproven');
  await expect(unproven).toContainText('The closing balance is not proven');
  await expect(unproven).toContainText('they differ by 100,00\u00A0NOK');
  await page.screenshot({ path: test.info().outputPath('bank-accounts.png'), fullPage: true });
});
