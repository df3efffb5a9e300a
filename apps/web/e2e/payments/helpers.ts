import type { LoginReply, Payment, PaymentUser } from '@bilag/contracts';
import { addBankingDays } from '@bilag/domain/dates/banking-days';
import { type IsoDate, todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { parsePain001 } from '@bilag/domain/iso20022/pain001';
import { expect, type Page } from '@playwright/test';
import { authorization } from '../imports/helpers';
import { dataOf } from '../support/api';
import { DEMO_PASSWORD, type DemoCompany } from '../support/demo';
import { invoicePdf } from '../vouchers/helpers';

/** A first visit loads the screen's code and its calls; a busy test machine needs the time. */
export const FIRST_LOAD_TIMEOUT_MS = 20_000;

export function todayInNorway(): IsoDate {
  return todayIsoDate('Europe/Oslo');
}

/** A due date every bank accepts for a domestic payment: a few banking days ahead. */
export function comingDueDate(): IsoDate {
  return addBankingDays(todayInNorway(), 5);
}

/** "2026-12-07" as the screens' date fields take it: "07.12.2026". */
export function typedDate(date: IsoDate): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}

type Headers = Record<string, string>;

/** Another person's session for calls only, so a test can prepare what that person would have done. */
export async function signInForCalls(
  page: Page,
  email: string,
): Promise<{ headers: Headers; userId: number }> {
  const reply = await page.request.post('/api/account/check-login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  const { AccessToken, User } = ((await reply.json()) as LoginReply).data;
  return { headers: { Authorization: `Bearer ${AccessToken}`, language: 'en' }, userId: User.Id };
}

export type PayableVoucher = {
  supplierName: string;
  amountOre: number;
  accountNumber: string;
  kid: string;
  dueDate: IsoDate;
};

/** Uploads an invoice and fills in what paying it takes, through the API, as a person would on the voucher screen. */
export async function createPayableVoucher(page: Page, company: DemoCompany, fields: PayableVoucher) {
  const headers = await authorization(page);
  const uploaded = await dataOf<{ Id: number }[]>(
    await page.request.post('/api/main/voucher/addByWeb', {
      headers,
      multipart: {
        companyId: String(company.id),
        files: { name: 'faktura.pdf', mimeType: 'application/pdf', buffer: invoicePdf(fields.supplierName) },
      },
    }),
  );
  const voucherId = uploaded[0]?.Id ?? 0;
  await dataOf(
    await page.request.put(`/api/main/voucher/${voucherId}`, {
      headers,
      data: { companyId: company.id, date: todayInNorway(), ...fields },
    }),
  );
  return voucherId;
}

/** The payments of a voucher, as the voucher's payment card reads them. */
export async function paymentsOfVoucher(
  page: Page,
  company: DemoCompany,
  voucherId: number,
): Promise<Payment[]> {
  const headers = await authorization(page);
  const reply = await dataOf<{ rows: Payment[] }>(
    await page.request.get(
      `/api/main/v2/voucher-payments/by-voucher?companyId=${company.id}&voucherId=${voucherId}`,
      {
        headers,
      },
    ),
  );
  return reply.rows;
}

/**
 * Makes the person a payment user of the company who may pay from these accounts besides those they have,
 * with the headers of someone who manages the company's payment users.
 */
export async function allowToPayFrom(
  page: Page,
  manager: Headers,
  company: DemoCompany,
  userId: number,
  companyBankIds: number[],
) {
  const base = '/api/main/company-users-assign-payment';
  const list = await dataOf<{ rows: PaymentUser[] }>(
    await page.request.get(`${base}?companyId=${company.id}`, { headers: manager }),
  );
  const paymentUser =
    list.rows.find((row) => row.UserId === userId) ??
    (await dataOf<PaymentUser>(
      await page.request.post(base, {
        headers: { ...manager, 'Idempotency-Key': crypto.randomUUID() },
        data: { companyId: company.id, userId, isAllowPayments: true },
      }),
    ));
  if (!paymentUser.IsAllowPayments) {
    await dataOf(
      await page.request.put(`${base}/${paymentUser.Id}`, {
        headers: { ...manager, 'Idempotency-Key': crypto.randomUUID() },
        data: { companyId: company.id, isAllowPayments: true },
      }),
    );
  }
  const banks = await dataOf<{ CompanyBankId: number; AccountNumber: string; IsVerified: boolean }[]>(
    await page.request.get(`${base}/banks-verified-payment/${userId}?companyId=${company.id}`, {
      headers: manager,
    }),
  );
  const accountNumbers = banks
    .filter((bank) => bank.IsVerified || companyBankIds.includes(bank.CompanyBankId))
    .map((bank) => bank.AccountNumber);
  await dataOf(
    await page.request.post(`${base}/banks-verified-payment/${userId}`, {
      headers: { ...manager, 'Idempotency-Key': crypto.randomUUID() },
      data: { companyId: company.id, accountNumbers },
    }),
  );
}

/** The end-to-end ids a pain.001 file carries, read with the project's own reader. */
export function endToEndIdsOf(pain001: string): string[] {
  return parsePain001(pain001).paymentInfos.flatMap((info) =>
    info.transactions.map((transaction) => transaction.endToEndId ?? ''),
  );
}

export type BankAnswer = { endToEndId: string; status: 'ACSC' | 'RJCT' | 'ACCP'; reason?: string };

/** The bank's status report on a payment file (pain.002.001.03), one line per payment it answers. */
export function pain002For(pain001: string, answers: BankAnswer[]): Buffer {
  const file = parsePain001(pain001);
  const statusLine = (answer: BankAnswer) => {
    const reason = answer.reason ? `<StsRsnInf><Rsn><Cd>${answer.reason}</Cd></Rsn></StsRsnInf>` : '';
    return `<TxInfAndSts><OrgnlEndToEndId>${answer.endToEndId}</OrgnlEndToEndId><TxSts>${answer.status}</TxSts>${reason}</TxInfAndSts>`;
  };
  const paymentInfos = file.paymentInfos
    .map((info) => {
      const ids = new Set(info.transactions.map((transaction) => transaction.endToEndId));
      const lines = answers.filter((answer) => ids.has(answer.endToEndId)).map(statusLine);
      if (lines.length === 0) return '';
      return `<OrgnlPmtInfAndSts><OrgnlPmtInfId>${info.id ?? ''}</OrgnlPmtInfId>\n${lines.join('\n')}\n</OrgnlPmtInfAndSts>`;
    })
    .join('\n');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>
<GrpHdr><MsgId>STATUS-${file.messageId}</MsgId><CreDtTm>${todayInNorway()}T10:00:00</CreDtTm></GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>${file.messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.03</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
${paymentInfos}
</CstmrPmtStsRpt></Document>`,
    'utf8',
  );
}
