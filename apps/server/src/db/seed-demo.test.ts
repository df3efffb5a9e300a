import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemoData } from './seed-demo';

describe('demo data', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  it('gives the accountant several companies, the staff user one, and seeds only an empty database', async () => {
    expect(await seedDemoData(context.db)).toBe(true);
    expect(await seedDemoData(context.db)).toBe(false);

    const companiesOf = async (email: string) => {
      const login = await context.app.inject({
        method: 'POST',
        url: '/api/account/check-login',
        payload: { email, password: DEMO_PASSWORD },
      });
      const token = login.json().data.AccessToken;
      const list = await context.app.inject({
        method: 'GET',
        url: '/api/main/companies',
        headers: { authorization: `Bearer ${token}` },
      });
      return list.json().data.rows as { Alias: string; isOwner: boolean; OrganisationNumber: string }[];
    };
    const accountant = await companiesOf('regnskap@demo.no');
    expect(accountant.map((company) => company.Alias).sort()).toEqual([
      'fjelltopp-bygg',
      'havblikk-fiskeri',
      'nordlys-bakeri',
      'regnskapskontoret',
    ]);
    expect(accountant.find((company) => company.Alias === 'regnskapskontoret')?.isOwner).toBe(true);
    expect((await companiesOf('ansatt@demo.no')).map((company) => company.Alias)).toEqual(['nordlys-bakeri']);
    for (const company of accountant) {
      const weights = [3, 2, 7, 6, 5, 4, 3, 2];
      const digits = company.OrganisationNumber.split('').map(Number);
      const remainder = weights.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0) % 11;
      expect(digits[8]).toBe(remainder === 0 ? 0 : 11 - remainder);
    }
  });

  it('gives the bakery a month of books, matched: clear pairs connected, ties and a rounded card payment suggested, the fee settled by its rule', async () => {
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/account/check-login',
      payload: { email: 'ansatt@demo.no', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().data.AccessToken}` };
    const companies = await context.app.inject({ method: 'GET', url: '/api/main/companies', headers });
    const bakeryId = companies.json().data.rows[0].Id;
    const missing = await context.app.inject({
      method: 'GET',
      url: `/api/main/transactions/missing?companyId=${bakeryId}`,
      headers,
    });
    const { counts, rows } = missing.json().data;
    expect(counts).toMatchObject({ connected: 3, connectedAutomatically: 3, missing: 4, withSuggestions: 3 });
    const tie = rows.find((row: { Suggestions: unknown[] }) => row.Suggestions.length === 2);
    expect(tie.Transaction.Text).toBe('Kortkjøp 4411 VISA');
    const rules = await context.app.inject({
      method: 'GET',
      url: `/api/main/localRules?companyId=${bakeryId}`,
      headers,
    });
    expect(rules.json().data.rows[0]).toMatchObject({ Name: 'Bankgebyr er tapt bilag', HitCount: 1 });
  });
});
