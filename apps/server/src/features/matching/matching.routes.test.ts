import { BankTransactionStatus, RoleId, VoucherStatus } from '@bilag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  givenAccountNumber,
  givenBankAccount,
  givenCompany,
  givenTenantApp,
  givenTransaction,
  givenUser,
  givenVoucher,
  importInOneStep,
  login,
  type TenantApp,
} from '../../test/fixtures';
import { camt053 } from '../imports/__fixtures__/statements';

describe('matching vouchers with bank transactions', () => {
  let context: TenantApp;

  beforeAll(async () => {
    context = await givenTenantApp();
  });
  afterAll(() => context.close());

  /** A company of its own for each scenario, so one scenario's counts do not see another's records. */
  async function givenBooks() {
    const companyId = (await givenCompany(context.db, { memberIds: [context.user.id] })).id;
    const accountNumber = givenAccountNumber('1503', companyId * 7);
    const account = await givenBankAccount(context.app, context.session, companyId, accountNumber);
    return { companyId, accountNumber, companyBankId: account.Id as number };
  }

  async function importStatement(
    books: { companyId: number; accountNumber: string; companyBankId: number },
    entries: Parameters<typeof camt053>[1]['entries'],
  ) {
    const response = await importInOneStep(context.app, context.session, books, {
      name: 'statement.xml',
      bytes: camt053(books.accountNumber, {
        id: `S-${books.companyId}`,
        from: '2025-03-01',
        to: '2025-03-31',
        opening: '100000.00',
        closing: '100000.00',
        entries,
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data[0];
  }

  async function missing(companyId: number, query = '', as = context.session) {
    const response = await context.call(
      'GET',
      `/api/main/transactions/missing?companyId=${companyId}${query}`,
      undefined,
      as,
    );
    return response;
  }

  async function transaction(companyId: number, id: number) {
    return (await context.call('GET', `/api/main/transactions/${id}?companyId=${companyId}`)).json().data;
  }

  async function voucher(companyId: number, id: number) {
    return (await context.call('GET', `/api/main/voucher/${id}?companyId=${companyId}`)).json().data;
  }

  describe('after an import', () => {
    let books: Awaited<ReturnType<typeof givenBooks>>;
    let telenor: { Id: number };
    let byKid: { Id: number };
    let equalA: { Id: number };
    let equalB: { Id: number };
    let imported: { Matched: Record<string, number> };

    beforeAll(async () => {
      books = await givenBooks();
      const { companyId } = books;
      telenor = await givenVoucher(context.app, context.session, companyId, {
        date: '2025-03-01',
        dueDate: '2025-03-10',
        supplierName: 'Telenor Norge AS',
        amountOre: 89_900,
      });
      byKid = await givenVoucher(context.app, context.session, companyId, {
        date: '2025-02-20',
        dueDate: '2025-03-06',
        supplierName: 'Fjordkraft AS',
        amountOre: 154_300,
        kid: '0012345678903',
      });
      equalA = await givenVoucher(context.app, context.session, companyId, {
        date: '2025-03-12',
        supplierName: 'Kiwi Hamar',
        amountOre: 45_000,
      });
      equalB = await givenVoucher(context.app, context.session, companyId, {
        date: '2025-03-12',
        supplierName: 'Rema Skien',
        amountOre: 45_000,
      });
      imported = await importStatement(books, [
        {
          amount: '899.00',
          credit: false,
          date: '2025-03-12',
          reference: 'A1',
          text: 'Giro TELENOR NORGE AS',
        },
        {
          amount: '1543.00',
          credit: false,
          date: '2025-03-06',
          reference: 'A2',
          text: 'Nettgiro',
          kid: '0012345678903',
        },
        { amount: '450.00', credit: false, date: '2025-03-13', reference: 'A3', text: 'Kortkjøp 4411' },
        { amount: '75.00', credit: false, date: '2025-03-31', reference: 'A4', text: 'Gebyr kontohold' },
      ]);
    });

    it('connects the clear matches automatically and says so in the import result', async () => {
      expect(imported.Matched).toMatchObject({ examined: 4, connected: 2, suggested: 1, ambiguous: 1 });
      const { data } = (
        await context.call('GET', `/api/main/voucher/${telenor.Id}?companyId=${books.companyId}`)
      ).json();
      expect(data.Status).toBe(VoucherStatus.CONNECTED);
      const suggested = (
        await context.call(
          'GET',
          `/api/main/transactions/getSuggestTransaction?companyId=${books.companyId}&voucherId=${byKid.Id}`,
        )
      ).json().data;
      expect(suggested.connected).toHaveLength(1);
      expect(suggested.connected[0].Connection).toMatchObject({ Source: 'auto' });
      expect(suggested.connected[0].Connection.Reasons).toContainEqual({
        code: 'SAME_KID',
        kid: '0012345678903',
      });
      expect(suggested.connected[0].Transaction.Status).toBe(BankTransactionStatus.CONNECTED);
    });

    it('lists what still misses a voucher, with ranked suggestions and their reasons, and the counts', async () => {
      const response = await missing(books.companyId);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.total).toBe(2);
      expect(data.counts).toMatchObject({
        missing: 2,
        withSuggestions: 1,
        connected: 2,
        connectedAutomatically: 2,
      });
      const card = data.rows.find((row: { Transaction: { Text: string } }) =>
        row.Transaction.Text.includes('4411'),
      );
      expect(
        card.Suggestions.map((suggestion: { Voucher: { Id: number } }) => suggestion.Voucher.Id).sort(),
      ).toEqual([equalA.Id, equalB.Id].sort());
      expect(card.Suggestions[0].Reasons).toEqual(
        expect.arrayContaining([{ code: 'SAME_AMOUNT' }, { code: 'DAYS_APART', days: 1 }]),
      );
      const withSuggestions = (await missing(books.companyId, '&connectStatus=1')).json().data;
      expect(withSuggestions.total).toBe(1);
      const without = (await missing(books.companyId, '&connectStatus=2')).json().data;
      expect(without.rows[0].Transaction.Text).toContain('Gebyr');
    });

    it('rejects a suggestion for good, and accepts the other as a suggestion, updating the counts', async () => {
      const card = (await missing(books.companyId, '&connectStatus=1')).json().data.rows[0];
      const rejected = await context.call('POST', '/api/main/voucherSuggestions/reject', {
        companyId: books.companyId,
        bankTransactionId: card.Transaction.Id,
        voucherId: equalB.Id,
      });
      expect(rejected.statusCode).toBe(200);
      const rerun = await context.call('POST', '/api/main/transactions/autoUpdateTransaction', {
        companyId: books.companyId,
      });
      expect(rerun.statusCode).toBe(200);
      const suggestions = (
        await context.call(
          'GET',
          `/api/main/voucherSuggestions?companyId=${books.companyId}&bankTransactionId=${card.Transaction.Id}`,
        )
      ).json().data;
      expect(
        suggestions.map((suggestion: { Voucher: { Id: number } }) => suggestion.Voucher.Id),
      ).not.toContain(equalB.Id);

      const connected = await context.call('POST', '/api/main/transactionVoucher/add', {
        companyId: books.companyId,
        bankTransactionIds: [card.Transaction.Id],
        voucherIds: [equalA.Id],
      });
      expect(connected.statusCode, connected.body).toBe(200);
      expect(connected.json().data.connections[0]).toMatchObject({ Source: 'suggestion' });
      expect(connected.json().data.counts).toMatchObject({ missing: 1, connected: 3 });
      expect((await transaction(books.companyId, card.Transaction.Id)).Status).toBe(
        BankTransactionStatus.CONNECTED,
      );
      const history = (
        await context.call(
          'GET',
          `/api/main/transactions/get-history?companyId=${books.companyId}&bankTransactionId=${card.Transaction.Id}`,
        )
      ).json().data;
      expect(history.map((entry: { Action: string }) => entry.Action)).toEqual(
        expect.arrayContaining(['connect', 'reject-suggestion']),
      );
    });

    it('refuses to connect what is already connected', async () => {
      const suggested = (
        await context.call(
          'GET',
          `/api/main/transactions/getSuggestTransaction?companyId=${books.companyId}&voucherId=${telenor.Id}`,
        )
      ).json().data;
      const response = await context.call('POST', '/api/main/transactionVoucher/add', {
        companyId: books.companyId,
        bankTransactionIds: [suggested.connected[0].Transaction.Id],
        voucherIds: [equalB.Id],
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain('already connected');
    });

    it('removes an automatic connection: it stays suggested but is never made automatically again', async () => {
      const suggested = (
        await context.call(
          'GET',
          `/api/main/transactions/getSuggestTransaction?companyId=${books.companyId}&voucherId=${telenor.Id}`,
        )
      ).json().data;
      const { Connection, Transaction } = suggested.connected[0];
      const removed = await context.call(
        'DELETE',
        `/api/main/transactionVoucher/${Connection.Id}?companyId=${books.companyId}`,
      );
      expect(removed.statusCode).toBe(200);
      expect(removed.json().data.counts.missing).toBe(2);
      expect((await transaction(books.companyId, Transaction.Id)).Status).toBe(
        BankTransactionStatus.MISSING_VOUCHER,
      );
      expect((await voucher(books.companyId, telenor.Id)).Status).toBe(VoucherStatus.READY);
      const rerun = (
        await context.call('POST', '/api/main/transactions/autoUpdateTransaction', {
          companyId: books.companyId,
        })
      ).json().data;
      expect(rerun.connected).toBe(0);
      expect((await transaction(books.companyId, Transaction.Id)).Status).toBe(
        BankTransactionStatus.MISSING_VOUCHER,
      );
    });

    it('marks a transaction lost through updateMissingByAddVoucher, with a note', async () => {
      const fee = (await missing(books.companyId, '&keyword=Gebyr')).json().data.rows[0];
      const response = await context.call(
        'PUT',
        `/api/main/transactions/updateMissingByAddVoucher/${fee.Transaction.Id}`,
        {
          companyId: books.companyId,
          isPrivate: false,
          note: 'Bank fee, no receipt',
        },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect((await transaction(books.companyId, fee.Transaction.Id)).Status).toBe(
        BankTransactionStatus.LOST,
      );
      expect((await missing(books.companyId, '&status=4')).json().data.total).toBe(1);
    });

    it('keeps other companies out', async () => {
      expect((await missing(books.companyId, '', context.outsiderSession)).statusCode).toBe(404);
      const connect = await context.call(
        'POST',
        '/api/main/transactionVoucher/add',
        { companyId: books.companyId, bankTransactionIds: [1], voucherIds: [1] },
        context.outsiderSession,
      );
      expect(connect.statusCode).toBe(404);
      const rerun = await context.call(
        'POST',
        '/api/main/transactions/autoUpdateTransaction',
        { companyId: books.companyId },
        context.outsiderSession,
      );
      expect(rerun.statusCode).toBe(404);
      const suggestions = await context.call(
        'GET',
        `/api/main/transactions/getSuggestTransaction?companyId=${books.companyId}&voucherId=${telenor.Id}`,
        undefined,
        context.outsiderSession,
      );
      expect(suggestions.statusCode).toBe(404);
      const quality = await context.call(
        'GET',
        '/api/main/transactionVoucher/admin-quality',
        undefined,
        context.session,
      );
      expect(quality.statusCode).toBe(403);
    });

    it('lets an administrator see the quality per company and connect in any company', async () => {
      const quality = (
        await context.call(
          'GET',
          '/api/main/transactionVoucher/admin-quality',
          undefined,
          context.adminSession,
        )
      ).json().data;
      const row = quality.find((each: { CompanyId: number }) => each.CompanyId === books.companyId);
      expect(row).toMatchObject({ ConnectedAutomatically: 1, ConnectedByHand: 1, SuggestionsRejected: 1 });
      expect(row.AutomaticUndone).toBe(1);
      const telenorTransaction = (await missing(books.companyId, '&keyword=TELENOR')).json().data.rows[0];
      const connected = await context.call(
        'POST',
        '/api/main/transactionVoucher/adminVoucherConnect',
        {
          companyId: books.companyId,
          bankTransactionId: telenorTransaction.Transaction.Id,
          voucherId: telenor.Id,
        },
        context.adminSession,
      );
      expect(connected.statusCode, connected.body).toBe(200);
      expect(connected.json().data.connections[0].Source).toBe('admin');
      const listed = (
        await context.call(
          'GET',
          `/api/main/transactionVoucher/admin-connections?companyId=${books.companyId}&source=admin`,
          undefined,
          context.adminSession,
        )
      ).json().data;
      expect(listed.total).toBe(1);
      expect(listed.rows[0]).toMatchObject({
        VoucherSupplierName: 'Telenor Norge AS',
        TransactionAmountOre: -89_900,
      });
    });
  });

  describe('connecting several at once', () => {
    it('connects one transaction to several vouchers only when the amounts add up to the øre', async () => {
      const books = await givenBooks();
      const { companyId } = books;
      const payment = await givenTransaction(context.app, context.session, companyId, books.companyBankId, {
        date: '2025-04-02',
        text: 'Samlet betaling Posten',
        amountOre: -30_000,
      });
      const first = await givenVoucher(context.app, context.session, companyId, {
        supplierName: 'Posten',
        amountOre: 10_000,
      });
      const second = await givenVoucher(context.app, context.session, companyId, {
        supplierName: 'Posten',
        amountOre: 20_001,
      });
      const third = await givenVoucher(context.app, context.session, companyId, {
        supplierName: 'Posten',
        amountOre: 9_999,
      });
      const off = await context.call('POST', '/api/main/transactionVoucher/add', {
        companyId,
        bankTransactionIds: [payment.Id],
        voucherIds: [first.Id, second.Id],
      });
      expect(off.statusCode).toBe(400);
      expect(off.json().message).toBe(
        'The transactions add up to 300,00 and the vouchers to 300,01; they must be equal to the øre.',
      );
      const norwegian = await context.app.inject({
        method: 'POST',
        url: '/api/main/transactionVoucher/add',
        headers: { ...bearer(context.session), language: 'no' },
        payload: { companyId, bankTransactionIds: [payment.Id], voucherIds: [first.Id, second.Id] },
      });
      expect(norwegian.json().message).toContain('like på øret');
      const adds = await context.call('PUT', `/api/main/transactions/updateMissingByVoucher/${payment.Id}`, {
        companyId,
        voucherIds: [second.Id, third.Id],
      });
      expect(adds.statusCode, adds.body).toBe(200);
      expect(adds.json().data.connections).toHaveLength(2);
      expect(adds.json().data.connections.map((each: { Source: string }) => each.Source)).toEqual([
        'manual',
        'manual',
      ]);
    });

    it('refuses several transactions with several vouchers', async () => {
      const books = await givenBooks();
      const response = await context.call('POST', '/api/main/transactionVoucher/add', {
        companyId: books.companyId,
        bankTransactionIds: [1, 2],
        voucherIds: [3, 4],
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('rules', () => {
    const feeRule = {
      name: 'Bank fees are private',
      priority: 10,
      conditions: [{ kind: 'text', operator: 'startsWith', value: 'gebyr' }],
      actions: [{ kind: 'markPrivate' }, { kind: 'setNote', note: 'Bank fee' }],
    };

    it('previews a rule, runs it after saving, and counts its hits', async () => {
      const books = await givenBooks();
      const { companyId } = books;
      const fee = await givenTransaction(context.app, context.session, companyId, books.companyBankId, {
        text: 'Gebyr kontohold',
        amountOre: -7_500,
      });
      await givenTransaction(context.app, context.session, companyId, books.companyBankId, {
        text: 'Kortkjøp KIWI',
      });
      const preview = await context.call('POST', '/api/main/localRules/preview', {
        companyId,
        rule: feeRule,
      });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().data).toMatchObject({ examined: 2, total: 1 });
      expect(preview.json().data.rows[0].Transaction.Id).toBe(fee.Id);
      expect(preview.json().data.rows[0].Changes.map((change: { kind: string }) => change.kind)).toEqual([
        'markPrivate',
        'setNote',
      ]);
      expect((await transaction(companyId, fee.Id)).Status).toBe(BankTransactionStatus.MISSING_VOUCHER);

      const saved = await context.call('POST', '/api/main/localRules/add', { companyId, ...feeRule });
      expect(saved.statusCode, saved.body).toBe(200);
      const run = (
        await context.call('POST', '/api/main/transactions/autoUpdateTransaction', { companyId })
      ).json().data;
      expect(run).toMatchObject({ byRule: 1, ruleHits: [{ Name: 'Bank fees are private', Hits: 1 }] });
      const after = await transaction(companyId, fee.Id);
      expect(after).toMatchObject({
        Status: BankTransactionStatus.PRIVATE,
        IsPrivate: true,
        Note: 'Bank fee',
      });
      const listed = (await context.call('GET', `/api/main/localRules?companyId=${companyId}`)).json().data;
      expect(listed.rows[0]).toMatchObject({ Name: 'Bank fees are private', HitCount: 1 });
      expect(listed.rows[0].LastHitAt).not.toBeNull();
    });

    it('connects by KID or amount through a rule, taking each voucher once', async () => {
      const books = await givenBooks();
      const { companyId } = books;
      const first = await givenTransaction(context.app, context.session, companyId, books.companyBankId, {
        date: '2025-05-02',
        text: 'Husleie mai',
        amountOre: -1_250_000,
      });
      const second = await givenTransaction(context.app, context.session, companyId, books.companyBankId, {
        date: '2025-06-02',
        text: 'Husleie juni',
        amountOre: -1_250_000,
      });
      const rent = await givenVoucher(context.app, context.session, companyId, {
        date: '2025-05-01',
        supplierName: 'Gårdeier AS',
        amountOre: 1_250_000,
      });
      const rule = await context.call('POST', '/api/main/localRules/add', {
        companyId,
        name: 'Rent',
        conditions: [{ kind: 'text', operator: 'regex', value: '^husleie\\b' }],
        actions: [{ kind: 'connect', by: 'amount' }],
      });
      expect(rule.statusCode, rule.body).toBe(200);
      await context.call('POST', '/api/main/transactions/autoUpdateTransaction', { companyId });
      expect((await transaction(companyId, first.Id)).Status).toBe(BankTransactionStatus.CONNECTED);
      expect((await transaction(companyId, second.Id)).Status).toBe(BankTransactionStatus.MISSING_VOUCHER);
      const connected = (
        await context.call(
          'GET',
          `/api/main/transactions/getSuggestTransaction?companyId=${companyId}&voucherId=${rent.Id}`,
        )
      ).json().data.connected;
      expect(connected[0].Connection).toMatchObject({
        Source: 'rule',
        Reasons: [{ code: 'RULE', ruleId: rule.json().data.Id, name: 'Rent' }],
      });
    });

    it('refuses a rule without conditions or with a pattern that cannot be read', async () => {
      const books = await givenBooks();
      const empty = await context.call('POST', '/api/main/localRules/add', {
        companyId: books.companyId,
        name: 'Nothing',
        conditions: [],
        actions: [{ kind: 'markPrivate' }],
      });
      expect(empty.statusCode).toBe(400);
      const badPattern = await context.call('POST', '/api/main/localRules/add', {
        companyId: books.companyId,
        name: 'Broken',
        conditions: [{ kind: 'text', operator: 'regex', value: '([a-z' }],
        actions: [{ kind: 'markPrivate' }],
      });
      expect(badPattern.statusCode).toBe(400);
    });

    it('runs the company’s own rules before the global ones, and lets only accountants and admins write global ones', async () => {
      const books = await givenBooks();
      const { companyId } = books;
      const fee = await givenTransaction(context.app, context.session, companyId, books.companyBankId, {
        text: 'Gebyr utland',
        amountOre: -2_500,
      });
      const global = await context.call('POST', '/api/main/globalRules/add', {
        name: `Fees are lost ${companyId}`,
        priority: 0,
        conditions: [{ kind: 'text', operator: 'contains', value: 'gebyr' }],
        actions: [{ kind: 'setStatus', status: 4 }],
      });
      expect(global.statusCode, global.body).toBe(200);
      // Half of a surrogate pair is refused by the contract, field by field, not by PostgreSQL's jsonb.
      for (const draft of [
        { name: 'Gebyr \ud800', conditions: feeRule.conditions, actions: feeRule.actions },
        {
          name: 'Gebyr',
          conditions: [{ kind: 'text', operator: 'contains', value: 'gebyr \udc00' }],
          actions: feeRule.actions,
        },
      ]) {
        const refusedText = await context.call('POST', '/api/main/globalRules/add', draft);
        expect(refusedText.statusCode, refusedText.body).toBe(400);
        expect(refusedText.json().data, refusedText.body).toEqual(expect.any(Array));
      }
      await context.call('POST', '/api/main/localRules/add', { companyId, ...feeRule, priority: 500 });
      const preview = (
        await context.call('POST', '/api/main/globalRules/preview', {
          companyId,
          rule: { ...feeRule, name: 'draft' },
        })
      ).json().data;
      expect(preview.rows[0].ShadowedBy).toMatchObject({ Name: 'Bank fees are private' });
      await context.call('POST', '/api/main/transactions/autoUpdateTransaction', { companyId });
      expect((await transaction(companyId, fee.Id)).Status).toBe(BankTransactionStatus.PRIVATE);

      const limited = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT_LIMIT });
      const limitedSession = await login(context.app, limited.email);
      const refused = await context.call(
        'POST',
        '/api/main/globalRules/add',
        { name: 'Not mine', conditions: feeRule.conditions, actions: feeRule.actions },
        limitedSession,
      );
      expect(refused.statusCode).toBe(403);
      const removed = await context.call('DELETE', `/api/main/globalRules/${global.json().data.Id}`);
      expect(removed.statusCode).toBe(200);
    });

    it('copies rules to other companies, skipping the ones already there, and only to companies of the user', async () => {
      const from = await givenBooks();
      const to = await givenBooks();
      await context.call('POST', '/api/main/localRules/add', { companyId: from.companyId, ...feeRule });
      await context.call('POST', '/api/main/localRules/add', {
        companyId: from.companyId,
        ...feeRule,
        name: 'Second',
      });
      const copied = await context.call('POST', '/api/main/localRules/copy', {
        fromCompanyId: from.companyId,
        toCompanyIds: [to.companyId],
      });
      expect(copied.json().data).toEqual({ copied: 2, companies: 1, skipped: 0 });
      const again = await context.call('POST', '/api/main/localRules/copy', {
        fromCompanyId: from.companyId,
        toCompanyIds: [to.companyId],
      });
      expect(again.json().data).toEqual({ copied: 0, companies: 1, skipped: 2 });
      expect(
        (await context.call('GET', `/api/main/localRules?companyId=${to.companyId}`)).json().data.total,
      ).toBe(2);
      const foreign = await givenCompany(context.db);
      const refused = await context.call('POST', '/api/main/localRules/copy', {
        fromCompanyId: from.companyId,
        toCompanyIds: [foreign.id],
      });
      expect(refused.statusCode).toBe(404);
      const outsider = await context.call(
        'GET',
        `/api/main/localRules?companyId=${from.companyId}`,
        undefined,
        context.outsiderSession,
      );
      expect(outsider.statusCode).toBe(404);
    });
  });

  describe('learning from the company’s history', () => {
    it('ties a bank text to the supplier people confirmed, and lets the model settle a tie', async () => {
      const books = await givenBooks();
      const { companyId } = books;
      for (const [index, day] of ['02', '09', '16'].entries()) {
        const paid = await givenTransaction(context.app, context.session, companyId, books.companyBankId, {
          date: `2025-04-${day}`,
          text: 'VIPPS *KB 4411',
          amountOre: -(4_000 + index * 500),
        });
        const receipt = await givenVoucher(context.app, context.session, companyId, {
          date: `2025-04-${day}`,
          supplierName: 'Kaffebrenneriet Oslo AS',
          amountOre: 4_000 + index * 500,
        });
        await context.call('POST', '/api/main/transactionVoucher/add', {
          companyId,
          bankTransactionIds: [paid.Id],
          voucherIds: [receipt.Id],
        });
      }
      const tie = await givenTransaction(context.app, context.session, companyId, books.companyBankId, {
        date: '2025-04-23',
        text: 'VIPPS *KB 4411',
        amountOre: -6_000,
      });
      const coffee = await givenVoucher(context.app, context.session, companyId, {
        date: '2025-04-23',
        supplierName: 'Kaffebrenneriet Oslo AS',
        amountOre: 6_000,
      });
      await givenVoucher(context.app, context.session, companyId, {
        date: '2025-04-23',
        supplierName: 'Narvesen Oslo S',
        amountOre: 6_000,
      });
      const plain = (
        await context.call('POST', '/api/main/transactions/autoUpdateTransaction', { companyId })
      ).json().data;
      expect(plain).toMatchObject({ connected: 0, ambiguous: 1, learnedFrom: 0 });

      const learned = await context.call('POST', '/api/main/transactions/autoUpdateTransactionByAiLocal', {
        companyId,
      });
      expect(learned.json().data).toMatchObject({ connected: 1, learnedFrom: 3 });
      const connected = (
        await context.call(
          'GET',
          `/api/main/transactions/getSuggestTransaction?companyId=${companyId}&voucherId=${coffee.Id}`,
        )
      ).json().data.connected;
      expect(connected[0].Transaction.Id).toBe(tie.Id);
      expect(connected[0].Connection.Reasons).toContainEqual({
        code: 'LEARNED',
        name: 'Kaffebrenneriet Oslo AS',
        confirmations: 3,
      });
      const info = (
        await context.call(
          'GET',
          `/api/main/voucher/get-voucher-suggest-info?companyId=${companyId}&bankTransactionId=${tie.Id}`,
        )
      ).json().data;
      expect(info.Model).toMatchObject({ Pairs: 3, Confirmed: 3, Rejected: 0 });
      expect(info.Prediction).toMatchObject({ SupplierKey: 'kaffebrenneriet oslo', Confirmations: 3 });
    });
  });
});
