import { ErrorCode, type LoginData, RoleId } from '@bilag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  givenAccountNumber,
  givenBankAccount,
  givenCompany,
  givenTenantApp,
  givenTransaction,
  givenUser,
  type HttpMethod,
  login,
  type TenantApp,
} from '../../test/fixtures';

describe('banks and company bank accounts', () => {
  let context: TenantApp;

  beforeAll(async () => {
    context = await givenTenantApp();
  });
  afterAll(() => context.close());

  describe('the registry', () => {
    it('lists the Norwegian banks with BIC and registration numbers', async () => {
      const response = await context.call('GET', '/api/main/banks');
      expect(response.statusCode).toBe(200);
      const names = response.json().data.map((bank: { Name: string }) => bank.Name);
      expect(names).toEqual(
        expect.arrayContaining(['DNB Bank', 'SpareBank 1 SR-Bank', 'Nordea Bank Abp, filial i Norge']),
      );
    });

    it('finds the bank of an account number from its first four digits, and says null when none is known', async () => {
      const dnb = await context.call(
        'GET',
        `/api/main/banks/getByFilter?accountNumber=${givenAccountNumber('1503')}`,
      );
      expect(dnb.json().data).toMatchObject({
        Name: 'DNB Bank',
        Bic: 'DNBANOKK',
        BankGroup: 'dnb',
        AutoImportTemplate: 'dnb',
      });
      const unknown = await context.call(
        'GET',
        `/api/main/banks/getByFilter?accountNumber=${givenAccountNumber('0001')}`,
      );
      expect(unknown.json().data).toBeNull();
    });

    it('finds a bank by its BIC, with or without a branch code', async () => {
      const short = await context.call('GET', '/api/main/banks/bySwiftCode?swiftCode=spsono22');
      expect(short.json().data.Name).toBe('SpareBank 1 SR-Bank');
      const long = await context.call('GET', '/api/main/banks/bySwiftCode?swiftCode=SPSONO22XXX');
      expect(long.json().data.Name).toBe('SpareBank 1 SR-Bank');
    });

    it('lists the banks of an auto-import template', async () => {
      const response = await context.call('GET', '/api/main/banks/getByTemplate?template=sparebank1');
      const names = response.json().data.map((bank: { Name: string }) => bank.Name);
      expect(names).toEqual(['SpareBank 1 SMN', 'SpareBank 1 SR-Bank']);
    });

    it('lets only an administrator add, change, switch auto-import and deactivate banks', async () => {
      const bank = { name: 'Testbanken', bic: 'TESTNOK1', bankGroup: 'other', prefixes: ['0999'] };
      const refused = await context.call('POST', '/api/main/banks/add', bank);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(ErrorCode.ADMIN_ONLY);

      const added = await context.call('POST', '/api/main/banks/add', bank, context.adminSession);
      expect(added.statusCode).toBe(200);
      const id = added.json().data.Id;
      const again = await context.call('POST', '/api/main/banks/add', bank, context.adminSession);
      expect(again.statusCode).toBe(409);

      const changed = await context.call(
        'PUT',
        `/api/main/banks/update/${id}`,
        { ...bank, prefixes: ['0998', '0999'] },
        context.adminSession,
      );
      expect(changed.json().data.Prefixes).toEqual(['0998', '0999']);
      const autoImport = await context.call(
        'POST',
        '/api/main/banks/addAutoImport',
        { bankId: id, template: 'nordnorge' },
        context.adminSession,
      );
      expect(autoImport.json().data).toMatchObject({ AutoImportTemplate: 'nordnorge', IsAutoImport: true });
      const off = await context.call(
        'PUT',
        '/api/main/banks/updateAutoImport',
        { bankId: id, template: 'nordnorge', isAutoImport: false },
        context.adminSession,
      );
      expect(off.json().data.IsAutoImport).toBe(false);
      const inactive = await context.call(
        'PUT',
        `/api/main/banks/updateStatus/${id}`,
        { status: 1 },
        context.adminSession,
      );
      expect(inactive.json().data.Status).toBe(1);
      const lookup = await context.call(
        'GET',
        `/api/main/banks/getByFilter?accountNumber=${givenAccountNumber('0998')}`,
      );
      expect(lookup.json().data).toBeNull();

      const badBic = await context.call(
        'POST',
        '/api/main/banks/add',
        { ...bank, bic: 'NOPE' },
        context.adminSession,
      );
      expect(badBic.statusCode).toBe(400);
      expect((await context.call('GET', '/api/main/banks/admin-auto-import')).statusCode).toBe(403);
    });
  });

  describe('company accounts', () => {
    let sessionB: LoginData;
    let companyB: number;

    beforeAll(async () => {
      const user = await givenUser(context.db, { roleId: RoleId.CEO });
      companyB = (await givenCompany(context.db, { memberIds: [user.id] })).id;
      sessionB = await login(context.app, user.email);
    });

    it('refuses an account number that fails mod 11, naming it', async () => {
      const response = await context.call(
        'POST',
        '/api/main/company-banks/add',
        { companyId: companyB, accountNumber: '1503.00.00001' },
        sessionB,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('1503.00.00001');
    });

    it('takes a Norwegian IBAN as its account number and says so, whatever its separators', async () => {
      const user = await givenUser(context.db, { roleId: RoleId.CEO });
      const companyId = (await givenCompany(context.db, { memberIds: [user.id] })).id;
      const session = await login(context.app, user.email);
      const added = await context.app.inject({
        method: 'POST',
        url: '/api/main/company-banks/add',
        headers: { ...bearer(session), language: 'en' },
        payload: { companyId, accountNumber: 'NO39 1503 2024 154' },
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json()).toMatchObject({
        message: 'The IBAN NO39 1503 2024 154 was saved as its account number 1503.20.24154.',
        data: { AccountNumber: '15032024154', Iban: 'NO3915032024154', BankName: 'DNB Bank' },
      });
      const id = added.json().data.Id as number;
      for (const written of ['NO39.1503.2024.154', 'no39-1503-2024-154']) {
        const updated = await context.app.inject({
          method: 'PUT',
          url: `/api/main/company-banks/${id}`,
          headers: { ...bearer(session), language: 'no' },
          payload: { companyId, accountNumber: written, name: 'Drift' },
        });
        expect(updated.statusCode, updated.body).toBe(200);
        expect(updated.json()).toMatchObject({
          message: 'IBAN NO39 1503 2024 154 ble lagret som kontonummeret 1503.20.24154.',
          data: { AccountNumber: '15032024154' },
        });
      }
      const plain = await context.call(
        'PUT',
        `/api/main/company-banks/${id}`,
        { companyId, accountNumber: '1503.20.24154' },
        session,
      );
      expect(plain.json().message).toBe('');
      const balances = await context.call(
        'GET',
        `/api/main/banks/balance?companyId=${companyId}&accountNumber=${encodeURIComponent('NO39 1503 2024 154')}`,
        undefined,
        session,
      );
      expect(balances.json().data).toMatchObject([{ CompanyBankId: id }]);
      const bank = await context.call(
        'GET',
        `/api/main/banks/getByFilter?accountNumber=${encodeURIComponent('NO39 1503 2024 154')}`,
      );
      expect(bank.json().data).toMatchObject({ Bic: 'DNBANOKK' });
      const wrongCheckDigits = await context.call(
        'POST',
        '/api/main/company-banks/add',
        { companyId, accountNumber: 'NO38 1503 2024 154' },
        session,
      );
      expect(wrongCheckDigits.statusCode).toBe(400);
      expect(wrongCheckDigits.json().message).toContain('NO38 1503 2024 154');
    });

    it('adds accounts with their bank, makes the first the default, and keeps their order', async () => {
      const first = await context.call(
        'POST',
        '/api/main/company-banks/add',
        {
          companyId: companyB,
          accountNumber: givenAccountNumber('1503', 10).replace(/^(\d{4})(\d{2})/, '$1.$2.'),
          name: 'Drift',
        },
        sessionB,
      );
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({
        AccountNumber: givenAccountNumber('1503', 10),
        BankName: 'DNB Bank',
        Bic: 'DNBANOKK',
        IsDefault: true,
        Sorting: 0,
        Name: 'Drift',
        Balance: null,
      });
      expect(first.json().data.Iban).toMatch(/^NO\d{13}$/);
      const second = await context.call(
        'POST',
        '/api/main/company-banks/add',
        { companyId: companyB, accountNumber: givenAccountNumber('3201', 20), name: 'Skatt' },
        sessionB,
      );
      expect(second.json().data).toMatchObject({
        BankName: 'SpareBank 1 SR-Bank',
        IsDefault: false,
        Sorting: 1,
      });
      const duplicate = await context.call(
        'POST',
        '/api/main/company-banks/add',
        { companyId: companyB, accountNumber: givenAccountNumber('3201', 20) },
        sessionB,
      );
      expect(duplicate.statusCode).toBe(409);

      const unknownBank = await context.call(
        'POST',
        '/api/main/company-banks/add',
        { companyId: companyB, accountNumber: givenAccountNumber('0002', 30) },
        sessionB,
      );
      expect(unknownBank.json().data).toMatchObject({ BankId: null, BankName: null });
      const banks = await context.call('GET', '/api/main/banks');
      const sbanken = banks.json().data.find((bank: { Name: string }) => bank.Name === 'Sbanken');
      const chosen = await context.call(
        'PUT',
        `/api/main/company-banks/${unknownBank.json().data.Id}`,
        { companyId: companyB, accountNumber: givenAccountNumber('0002', 30), bankId: sbanken.Id },
        sessionB,
      );
      expect(chosen.json().data.BankName).toBe('Sbanken');

      const ids = [second.json().data.Id, unknownBank.json().data.Id, first.json().data.Id];
      const partial = await context.call(
        'PUT',
        '/api/main/company-banks/sorting-setting-bank-accounts',
        { companyId: companyB, ids: ids.slice(1) },
        sessionB,
      );
      expect(partial.statusCode).toBe(400);
      const sorted = await context.call(
        'PUT',
        '/api/main/company-banks/sorting-setting-bank-accounts',
        { companyId: companyB, ids },
        sessionB,
      );
      expect(sorted.json().data.map((account: { Id: number }) => account.Id)).toEqual(ids);

      const setDefault = await context.call(
        'POST',
        '/api/main/company-banks/set-default-account-number',
        { companyId: companyB, accountNumber: givenAccountNumber('3201', 20) },
        sessionB,
      );
      expect(setDefault.json().data.IsDefault).toBe(true);
      const listed = await context.call(
        'GET',
        `/api/main/company-banks/fetch-all-company-bank-info-by-company-id?companyId=${companyB}`,
        undefined,
        sessionB,
      );
      expect(listed.json().data.filter((account: { IsDefault: boolean }) => account.IsDefault)).toHaveLength(
        1,
      );
      const defaultBank = await context.call(
        'GET',
        `/api/main/company-banks/get-default-bank?companyId=${companyB}`,
        undefined,
        sessionB,
      );
      expect(defaultBank.json().data.Id).toBe(second.json().data.Id);
      const settings = await context.call(
        'GET',
        `/api/main/company-banks/get-setting-bank-accounts?companyId=${companyB}`,
        undefined,
        sessionB,
      );
      expect(settings.json().data[0]).toMatchObject({
        Type: 'default',
        AccountNumber: givenAccountNumber('3201', 20),
      });
      const byCompany = await context.call(
        'GET',
        `/api/main/banks/getByCompany?companyId=${companyB}`,
        undefined,
        sessionB,
      );
      expect(
        byCompany
          .json()
          .data.map((bank: { Name: string }) => bank.Name)
          .sort(),
      ).toEqual(['DNB Bank', 'Sbanken', 'SpareBank 1 SR-Bank']);
    });

    it('keeps service dates in order and tells the dates the transactions span', async () => {
      const account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 40),
      );
      const reversed = await context.call('POST', '/api/main/companyBankServices/add-update', {
        companyId: context.companyId,
        companyBankId: account.Id,
        serviceStartDate: '2025-06-01',
        serviceEndDate: '2025-01-01',
      });
      expect(reversed.statusCode).toBe(400);
      const saved = await context.call('POST', '/api/main/companyBankServices/add-update', {
        companyId: context.companyId,
        companyBankId: account.Id,
        serviceStartDate: '2025-01-01',
        serviceEndDate: null,
      });
      expect(saved.json().data.ServiceStartDate).toBe('2025-01-01');
      await givenTransaction(context.app, context.session, context.companyId, account.Id, {
        date: '2025-02-03',
      });
      await givenTransaction(context.app, context.session, context.companyId, account.Id, {
        date: '2025-05-06',
      });
      const dates = await context.call(
        'GET',
        `/api/main/company-banks/v2/${account.Id}/service-dates?companyId=${context.companyId}`,
      );
      expect(dates.json().data).toMatchObject({
        ServiceStartDate: '2025-01-01',
        ServiceEndDate: null,
        FirstTransactionDate: '2025-02-03',
        LastTransactionDate: '2025-05-06',
      });
    });

    it('refuses to delete an account with transactions and deletes an empty one', async () => {
      const used = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 50),
      );
      await givenTransaction(context.app, context.session, context.companyId, used.Id);
      const refused = await context.call(
        'DELETE',
        `/api/main/company-banks/${used.Id}?companyId=${context.companyId}`,
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('1');
      const empty = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 60),
      );
      const deleted = await context.call(
        'DELETE',
        `/api/main/company-banks/${empty.Id}?companyId=${context.companyId}`,
      );
      expect(deleted.statusCode).toBe(200);
      const missing = await context.call(
        'DELETE',
        `/api/main/company-banks/${empty.Id}?companyId=${context.companyId}`,
      );
      expect(missing.statusCode).toBe(404);
    });

    it('hands the default to the next account when the default one is deleted', async () => {
      const user = await givenUser(context.db);
      const company = (await givenCompany(context.db, { memberIds: [user.id] })).id;
      const own = await login(context.app, user.email);
      const first = await givenBankAccount(context.app, own, company, givenAccountNumber('1503', 900));
      const second = await givenBankAccount(context.app, own, company, givenAccountNumber('1503', 910));
      await context.call(
        'DELETE',
        `/api/main/company-banks/${first.Id}?companyId=${company}`,
        undefined,
        own,
      );
      const defaultBank = await context.call(
        'GET',
        `/api/main/company-banks/get-default-bank?companyId=${company}`,
        undefined,
        own,
      );
      expect(defaultBank.json().data).toMatchObject({ Id: second.Id, IsDefault: true });
    });

    it('gives the administrators an overview of every company account', async () => {
      const response = await context.call(
        'GET',
        '/api/main/banks/admin-auto-import',
        undefined,
        context.adminSession,
      );
      expect(response.statusCode).toBe(200);
      const rows = response.json().data as {
        CompanyId: number;
        BankName: string | null;
        Template: string | null;
      }[];
      expect(
        rows.some(
          (row) => row.CompanyId === companyB && row.BankName === 'DNB Bank' && row.Template === 'dnb',
        ),
      ).toBe(true);
    });
  });

  describe('company scoping', () => {
    it('answers another company 404 and no data on every account call', async () => {
      const account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 70),
      );
      const calls: { method: HttpMethod; url: string; payload?: object }[] = [
        {
          method: 'GET',
          url: `/api/main/company-banks/fetch-all-company-bank-info-by-company-id?companyId=${context.companyId}`,
        },
        {
          method: 'GET',
          url: `/api/main/company-banks/get-setting-bank-accounts?companyId=${context.companyId}`,
        },
        { method: 'GET', url: `/api/main/company-banks/get-default-bank?companyId=${context.companyId}` },
        {
          method: 'GET',
          url: `/api/main/company-banks/v2/${account.Id}/service-dates?companyId=${context.companyId}`,
        },
        { method: 'GET', url: `/api/main/company-banks/balances?companyId=${context.companyId}` },
        { method: 'GET', url: `/api/main/banks/balance?companyId=${context.companyId}` },
        { method: 'GET', url: `/api/main/banks/getByCompany?companyId=${context.companyId}` },
        {
          method: 'POST',
          url: '/api/main/company-banks/add',
          payload: { companyId: context.companyId, accountNumber: givenAccountNumber('1503', 80) },
        },
        {
          method: 'POST',
          url: '/api/main/company-banks/set-default-account-number',
          payload: { companyId: context.companyId, accountNumber: account.AccountNumber },
        },
        {
          method: 'PUT',
          url: '/api/main/company-banks/sorting-setting-bank-accounts',
          payload: { companyId: context.companyId, ids: [account.Id] },
        },
        {
          method: 'PUT',
          url: `/api/main/company-banks/${account.Id}`,
          payload: { companyId: context.companyId, accountNumber: account.AccountNumber },
        },
        { method: 'DELETE', url: `/api/main/company-banks/${account.Id}?companyId=${context.companyId}` },
        {
          method: 'POST',
          url: '/api/main/companyBankServices/add-update',
          payload: {
            companyId: context.companyId,
            companyBankId: account.Id,
            serviceStartDate: null,
            serviceEndDate: null,
          },
        },
      ];
      for (const each of calls) {
        const response = await context.call(each.method, each.url, each.payload, context.outsiderSession);
        expect(response.statusCode, `${each.method} ${each.url}`).toBe(404);
        expect(response.json().data, `${each.method} ${each.url}`).toBeUndefined();
      }
      const stillThere = await context.call(
        'GET',
        `/api/main/company-banks/fetch-all-company-bank-info-by-company-id?companyId=${context.companyId}`,
      );
      expect(stillThere.json().data.some((each: { Id: number }) => each.Id === account.Id)).toBe(true);
    });

    it("says 'Company ID is missing' when an account call names no company", async () => {
      const response = await context.call(
        'GET',
        '/api/main/company-banks/fetch-all-company-bank-info-by-company-id',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Company ID is missing');
    });
  });
});
