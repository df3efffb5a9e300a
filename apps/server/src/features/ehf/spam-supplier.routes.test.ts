import { ErrorCode } from '@bilag/contracts';
import { organisationNumberCheckDigit } from '@bilag/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { bearer, givenTenantApp, type TenantApp } from '../../test/fixtures';
import { recordArrival } from '../inbox';
import { findSpamSupplier } from './spam-supplier.repository';

const base = '/api/ehf/spam-suppliers';

/** A valid organisation number of its own for each call, so tests do not collide on the shared list. */
function givenOrganisationNumber(): string {
  for (;;) {
    const first = String(80_000_000 + Math.floor(Math.random() * 19_999_999));
    const check = organisationNumberCheckDigit(first);
    if (check !== undefined) return `${first}${check}`;
  }
}

describe('the spam-supplier list', () => {
  let context: TenantApp;

  beforeAll(async () => {
    context = await givenTenantApp();
  });
  afterAll(() => context.close());

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    context.call(method, url, payload, context.adminSession);

  it('lets only administrators read or change the list', async () => {
    for (const [method, url, body] of [
      ['GET', base, undefined],
      ['POST', base, { name: 'X', organisationNumber: givenOrganisationNumber() }],
      ['GET', '/api/ehf/spam-supplier-data', undefined],
      ['GET', '/api/ehf/spam-supplier-data/arrivals', undefined],
      ['GET', '/api/ehf/spam-supplier-data/candidates', undefined],
    ] as const) {
      const refused = await context.call(method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().code).toBe(ErrorCode.ADMIN_ONLY);
    }
  });

  it('adds an entry by organisation number, which then blocks that supplier for every company, with an audit row', async () => {
    const organisationNumber = givenOrganisationNumber();
    const spaced = `${organisationNumber.slice(0, 3)} ${organisationNumber.slice(3, 6)} ${organisationNumber.slice(6)}`;
    const added = await asAdmin('POST', base, {
      name: 'Spam AS',
      organisationNumber: spaced,
      reason: 'Falske fakturaer',
    });
    expect(added.statusCode).toBe(200);
    const entry = added.json().data;
    expect(entry).toMatchObject({
      organisationNumber,
      emailPattern: null,
      name: 'Spam AS',
      reason: 'Falske fakturaer',
      companyId: null,
      companyName: null,
    });

    const blocked = await findSpamSupplier(context.db, { companyId: context.companyId, organisationNumber });
    expect(blocked?.id).toBe(entry.id);
    const audits = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'spam_supplier'), eq(auditLog.entityId, String(entry.id))));
    expect(audits.map((row) => row.action)).toEqual(['create']);
  });

  it('blocks a whole domain or one address, for one company only when it names one', async () => {
    const domain = `@spam-${crypto.randomUUID().slice(0, 8)}.no`;
    const added = await asAdmin('POST', base, {
      name: 'Spam domain',
      emailPattern: domain.toUpperCase(),
      companyId: context.companyId,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({ emailPattern: domain, companyId: context.companyId });
    expect(added.json().data.companyName).toMatch(/^Company /);

    expect(
      await findSpamSupplier(context.db, { companyId: context.companyId, email: `faktura${domain}` }),
    ).toBeDefined();
    expect(
      await findSpamSupplier(context.db, { companyId: context.outsiderCompanyId, email: `faktura${domain}` }),
    ).toBeUndefined();
  });

  it('refuses an entry without a sender, a wrong organisation number and a wrong address, naming the field', async () => {
    const missing = await asAdmin('POST', base, { name: 'Nobody' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { field: 'organisationNumber' },
    });
    expect(missing.json().message).toContain('@example.no');

    const checksum = await asAdmin('POST', base, { name: 'Wrong', organisationNumber: '923456784' });
    expect(checksum.statusCode).toBe(400);
    expect(checksum.json().message).toContain('923456784');
    expect(checksum.json().data).toEqual({ field: 'organisationNumber' });

    const address = await context.app.inject({
      method: 'POST',
      url: base,
      headers: { ...bearer(context.adminSession), language: 'no' },
      payload: { name: 'Wrong', emailPattern: 'not an address' },
    });
    expect(address.statusCode).toBe(400);
    expect(address.json().message).toBe(
      '«not an address» er verken en e-postadresse eller et domene skrevet som @eksempel.no.',
    );
    expect(address.json().data).toEqual({ field: 'emailPattern' });

    const company = await asAdmin('POST', base, {
      name: 'X',
      organisationNumber: givenOrganisationNumber(),
      companyId: 2_000_000_000,
    });
    expect(company.statusCode).toBe(400);
    expect(company.json().data).toEqual({ field: 'companyId' });
  });

  it('refuses the same sender twice in the same scope with a 409, also when changing another entry to it', async () => {
    const organisationNumber = givenOrganisationNumber();
    const first = await asAdmin('POST', base, { name: 'First', organisationNumber });
    expect(first.statusCode).toBe(200);
    const again = await asAdmin('POST', base, { name: 'Again', organisationNumber });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ErrorCode.CONFLICT);
    expect(again.json().message).toContain('"First"');

    const forOneCompany = await asAdmin('POST', base, {
      name: 'Scoped',
      organisationNumber,
      companyId: context.companyId,
    });
    expect(forOneCompany.statusCode).toBe(200);

    const other = await asAdmin('POST', base, {
      name: 'Other',
      organisationNumber: givenOrganisationNumber(),
    });
    const clash = await asAdmin('PUT', `${base}/${other.json().data.id}`, {
      name: 'Other',
      organisationNumber,
    });
    expect(clash.statusCode).toBe(409);

    const twoAtOnce = givenOrganisationNumber();
    const both = await Promise.all([
      asAdmin('POST', base, { name: 'One', organisationNumber: twoAtOnce }),
      asAdmin('POST', base, { name: 'Two', organisationNumber: twoAtOnce }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });

  it('changes and deletes an entry, and a deleted one is gone (404)', async () => {
    const added = await asAdmin('POST', base, {
      name: 'Before',
      emailPattern: `before-${crypto.randomUUID()}@example.no`,
    });
    const id = added.json().data.id;
    const changed = await asAdmin('PUT', `${base}/${id}`, {
      name: 'After',
      emailPattern: '@after.example.no',
      reason: 'Changed',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      id,
      name: 'After',
      emailPattern: '@after.example.no',
      reason: 'Changed',
    });

    expect((await asAdmin('DELETE', `${base}/${id}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `${base}/${id}`)).statusCode).toBe(404);
    expect((await asAdmin('PUT', `${base}/${id}`, { name: 'X', emailPattern: '@x.no' })).statusCode).toBe(
      404,
    );
  });

  it('searches the list by name, number or address and pages it', async () => {
    const marker = `Marker${crypto.randomUUID().slice(0, 8)}`;
    for (let index = 0; index < 3; index += 1) {
      await asAdmin('POST', base, {
        name: `${marker} ${index}`,
        organisationNumber: givenOrganisationNumber(),
      });
    }
    const page = await asAdmin('GET', `${base}?search=${marker.toLowerCase()}&page=2&pageSize=2`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.total).toBe(3);
    expect(page.json().data.rows.map((row: { name: string }) => row.name)).toEqual([`${marker} 0`]);
  });

  it('counts what each entry blocked by EHF and e-mail, lists the blocked arrivals, and proposes refused senders', async () => {
    const organisationNumber = givenOrganisationNumber();
    const entry = (await asAdmin('POST', base, { name: 'Counted AS', organisationNumber })).json().data;
    const blockedAt = new Date('2025-03-04T10:00:00Z');
    for (const [channel, companyId] of [
      ['ehf', context.companyId],
      ['ehf', context.outsiderCompanyId],
      ['email', context.companyId],
    ] as const) {
      await recordArrival(context.db, {
        companyId,
        channel,
        senderName: 'Counted AS',
        senderAddress: organisationNumber,
        subject: 'Faktura 1',
        status: 'spam',
        receivedAt: blockedAt,
        reasonDetails: { spamSupplierId: entry.id, supplier: 'Counted AS' },
      });
    }
    const refusedSender = `refused-${crypto.randomUUID().slice(0, 8)}@example.no`;
    for (const status of ['refused', 'refused', 'needs-review'] as const) {
      await recordArrival(context.db, {
        companyId: context.companyId,
        channel: 'email',
        senderAddress: refusedSender,
        status,
      });
    }

    const data = await asAdmin('GET', '/api/ehf/spam-supplier-data?pageSize=100');
    const activity = data.json().data.rows.find((row: { id: number }) => row.id === entry.id);
    expect(activity).toMatchObject({
      blockedEhf: 2,
      blockedEmail: 1,
      lastBlockedAt: blockedAt.toISOString(),
    });

    const arrivals = await asAdmin(
      'GET',
      `/api/ehf/spam-supplier-data/arrivals?spamSupplierId=${entry.id}&pageSize=2`,
    );
    expect(arrivals.json().data.total).toBe(3);
    expect(arrivals.json().data.rows).toHaveLength(2);
    expect(arrivals.json().data.rows[0]).toMatchObject({
      spamSupplierId: entry.id,
      spamSupplierName: 'Counted AS',
      subject: 'Faktura 1',
    });

    const candidates = await asAdmin('GET', '/api/ehf/spam-supplier-data/candidates?limit=100');
    expect(candidates.json().data).toContainEqual(
      expect.objectContaining({
        senderAddress: refusedSender,
        refusedCount: 2,
        reviewCount: 1,
        companyCount: 1,
      }),
    );
    await asAdmin('POST', base, { name: 'Now listed', emailPattern: refusedSender });
    const after = await asAdmin('GET', '/api/ehf/spam-supplier-data/candidates?limit=100');
    expect(after.json().data.map((row: { senderAddress: string }) => row.senderAddress)).not.toContain(
      refusedSender,
    );
  });
});
