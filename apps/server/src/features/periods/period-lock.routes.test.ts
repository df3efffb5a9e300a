import { ErrorCode, PeriodMonthDetail, type Route, routeTable } from '@bilag/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, givenTenancy } from '../../test/fixtures';
import { givenRecordsOfEveryKind } from '../../test/record-fixtures';
import { exampleRequest, injectExample, type RecordIds } from '../../test/route-examples';
import { givenSandbox, type RunningSandbox } from '../../test/sandbox';
import { createTestApp } from '../../test/test-app';

/** The months the records of every kind fall in (the statement's rows are dated in both). */
const CLOSED_MONTHS = ['2025-02', '2025-03'];

/** The calls that close and reopen are what the lock answers to, not writes it holds back. */
const PERIOD_CALLS = new Set(['closePeriod', 'reopenPeriod']);

/**
 * Calls whose example request changes a transaction, a connection or a voucher of a closed month, so
 * the lock must refuse them. (The example of updateVoucher sends no field, so it changes nothing.)
 */
const MUST_BE_REFUSED = [
  'deleteVoucher',
  'deleteVoucherList',
  'addTransaction',
  'updateTransaction',
  'updateTransactionPayment',
  'updateTransactionStatus',
  'bulkUpdateTransactions',
  'deleteTransaction',
  'disconnectTransactionVoucher',
  'registerMissing',
  'deleteBankImport',
];

const writes = Object.entries(routeTable).filter(
  ([name, route]) =>
    route.method !== 'GET' &&
    (route.access === 'company' || route.access === 'admin') &&
    !PERIOD_CALLS.has(name),
);

describe('a closed month, proven from the route table', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let tenancy: Awaited<ReturnType<typeof givenTenancy>>;
  let ids: RecordIds;
  let sandbox: RunningSandbox;
  let lockedBefore: string;
  const answers = new Map<string, { status: number; code?: string }>();

  /** Every row and field the lock holds, of the closed months, as one digest. */
  async function lockedDigest(): Promise<string> {
    const companyId = tenancy.companyId;
    const result = (await context.db.execute(sql`
      with month_transactions as (
        select * from bank_transactions
        where company_id = ${companyId} and booking_date between '2025-02-01' and '2025-03-31'
      ), month_vouchers as (
        select * from vouchers
        where company_id = ${companyId} and effective_date between '2025-02-01' and '2025-03-31'
      )
      select md5(coalesce(string_agg(line, '|' order by line), '')) as digest from (
        select 't' || row(t.*)::text as line from month_transactions t
        union all
        select 'c' || row(c.id, c.bank_transaction_id, c.voucher_id)::text from transaction_vouchers c
          where c.company_id = ${companyId} and c.bank_transaction_id in (select id from month_transactions)
        union all
        select 'r' || row(r.*)::text from missing_voucher_registrations r
          where r.company_id = ${companyId} and r.bank_transaction_id in (select id from month_transactions)
        union all
        select 'v' || row(v.id, v.effective_date, v.voucher_date, v.supplier_name, v.amount_ore, v.currency,
          v.due_date, v.kid, v.account_number, v.description, v.deleted_at)::text from month_vouchers v
        union all
        select 'f' || row(f.id, f.storage_key, f.sha256)::text from stored_files f
          where f.company_id = ${companyId} and f.owner_type = 'voucher' and f.owner_id in (select id from month_vouchers)
      ) lines`)) as unknown as { rows: { digest: string }[] };
    return result.rows[0]?.digest ?? '';
  }

  async function closeWithEveryBlockerAccepted(month: string) {
    const detail = await tenancy.call('GET', `/api/main/periods/${month}?companyId=${tenancy.companyId}`);
    const blockers = PeriodMonthDetail.parse(detail.json().data).blockers;
    const closed = await tenancy.call('POST', `/api/main/periods/${month}/close`, {
      companyId: tenancy.companyId,
      exceptions: blockers.map((blocker) => ({ key: blocker.key, reason: 'Lukket for testen av låsen' })),
    });
    expect(closed.statusCode, closed.body).toBe(200);
  }

  beforeAll(async () => {
    sandbox = await givenSandbox();
    context = await createTestApp({ providers: sandbox.providers });
    tenancy = await givenTenancy(context);
    ids = await givenRecordsOfEveryKind(context, tenancy, 'Låst');
    for (const month of CLOSED_MONTHS) await closeWithEveryBlockerAccepted(month);
    lockedBefore = await lockedDigest();
  });
  afterAll(async () => {
    await context.close();
    await sandbox.close();
  });

  it.each(writes)('%s changes nothing of the closed months and never fails with 5xx', async (name, route) => {
    const session = (route as Route).access === 'admin' ? tenancy.adminSession : tenancy.session;
    const request = exampleRequest(route, ids);
    const response = await injectExample(context.app, route, request, bearer(session));
    expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(500);
    const body = response.body.startsWith('{') ? (JSON.parse(response.body) as { code?: string }) : {};
    answers.set(name, { status: response.statusCode, ...(body.code ? { code: body.code } : {}) });
    expect(
      await lockedDigest(),
      `${name} changed a closed month (${response.statusCode} ${response.body})`,
    ).toBe(lockedBefore);
  });

  it('refused the calls that write the books with the closed month', () => {
    for (const name of MUST_BE_REFUSED) {
      expect(answers.get(name), name).toEqual({ status: 409, code: ErrorCode.PERIOD_CLOSED });
    }
  });

  it('lets the books be changed again once the months are reopened', async () => {
    for (const month of CLOSED_MONTHS) {
      const reopened = await tenancy.call('POST', `/api/main/periods/${month}/reopen`, {
        companyId: tenancy.companyId,
        reason: 'Åpnet igjen etter testen',
      });
      expect(reopened.statusCode, reopened.body).toBe(200);
    }
    const changed = await tenancy.call('PUT', `/api/main/transactions/${ids.transaction}`, {
      companyId: tenancy.companyId,
      note: 'Endret etter gjenåpning',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await lockedDigest()).not.toBe(lockedBefore);
  });
});
