import { InboxDetail, InboxPage } from '@bilag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  givenCompany,
  givenTenantApp,
  givenUser,
  givenVoucher,
  login,
  type TenantApp,
} from '../../test/fixtures';
import { givenInboxItem } from '../../test/record-fixtures';
import { updateArrival } from './inbox.service';

let context: TenantApp;

beforeAll(async () => {
  context = await givenTenantApp();
});
afterAll(() => context.close());

async function inboxOf(
  companyId: number,
  filter: Record<string, unknown> = {},
  session = context.session,
): Promise<InboxPage> {
  const response = await context.call(
    'POST',
    '/api/main/inbox/computeData',
    { companyId, ...filter },
    session,
  );
  expect(response.statusCode, response.body).toBe(200);
  return InboxPage.parse(response.json().data);
}

describe('the inbox', () => {
  it('lists ten a page, newest first, with the unread count of the person asking', async () => {
    const owner = await givenUser(context.db);
    const member = await givenUser(context.db);
    const company = await givenCompany(context.db, { ownerUserId: owner.id, memberIds: [member.id] });
    for (let index = 0; index < 12; index += 1)
      await givenInboxItem(context.db, company.id, `Kvittering ${index}`, {
        receivedAt: new Date(Date.UTC(2026, 10, 1, 8, index)),
      });
    const memberSession = await login(context.app, member.email);

    const first = await inboxOf(company.id, {}, memberSession);
    expect(first.rows).toHaveLength(10);
    expect(first.total).toBe(12);
    expect(first.countUnRead).toBe(12);
    expect(first.rows[0]?.senderName).toBe('Kvittering 11 Leverandør AS');
    const second = await inboxOf(company.id, { page: 2 }, memberSession);
    expect(second.rows.map((row) => row.subject)).toEqual([
      'Kvittering 1 kvittering',
      'Kvittering 0 kvittering',
    ]);

    const [newest] = first.rows;
    const read = await context.call(
      'POST',
      `/api/main/inbox/readById/${newest?.id}`,
      { companyId: company.id },
      memberSession,
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.isRead).toBe(true);
    expect((await inboxOf(company.id, {}, memberSession)).countUnRead).toBe(11);
    expect(
      (await inboxOf(company.id, { filterIsRead: true }, memberSession)).rows.map((row) => row.id),
    ).toEqual([newest?.id]);
    expect((await inboxOf(company.id, { filterIsRead: false }, memberSession)).total).toBe(11);
    // Reading is each person's own: the owner still has all twelve unread.
    const ownerSession = await login(context.app, owner.email);
    expect((await inboxOf(company.id, {}, ownerSession)).countUnRead).toBe(12);

    const all = await context.call('PUT', '/api/main/inbox/read', { companyId: company.id }, memberSession);
    expect(all.statusCode, all.body).toBe(200);
    expect((await inboxOf(company.id, {}, memberSession)).countUnRead).toBe(0);
    expect((await inboxOf(company.id, {}, ownerSession)).countUnRead).toBe(12);
  });

  it('finds arrivals by sender, address or subject, taking the search text literally', async () => {
    const company = await givenCompany(context.db, { memberIds: [context.user.id] });
    await givenInboxItem(context.db, company.id, 'Rema', { senderAddress: 'kvittering@rema.no' });
    await givenInboxItem(context.db, company.id, 'Kiwi', { subject: 'Faktura 100% betalt' });
    await givenInboxItem(context.db, company.id, 'Circle K', { channel: 'ehf', senderAddress: '923456783' });

    expect(
      (await inboxOf(company.id, { filterSearchText: 'rema' })).rows.map((row) => row.senderName),
    ).toEqual(['Rema Leverandør AS']);
    expect((await inboxOf(company.id, { filterSearchText: '@REMA.no' })).total).toBe(1);
    expect((await inboxOf(company.id, { filterSearchText: '100%' })).rows[0]?.senderName).toBe(
      'Kiwi Leverandør AS',
    );
    expect((await inboxOf(company.id, { filterSearchText: '%' })).total).toBe(1);
    expect((await inboxOf(company.id, { filterSearchText: '9234567' })).rows[0]?.channel).toBe('ehf');
    expect((await inboxOf(company.id, { filterSearchText: 'Leverandør' })).total).toBe(3);
  });

  it('shows what arrived and what it became, with the reason in the reader’s language, and marks it read', async () => {
    const owner = await givenUser(context.db, { language: 'no' });
    const company = await givenCompany(context.db, { ownerUserId: owner.id, memberIds: [context.user.id] });
    const voucher = await givenVoucher(context.app, context.session, company.id, {
      supplierName: 'Kiwi Leverandør AS',
      amountOre: 45_900,
      date: '2026-11-02',
    });
    const item = await givenInboxItem(context.db, company.id, 'Kiwi', { status: 'received' });
    await updateArrival(context.db, company.id, item.id, {
      status: 'refused',
      reasonKey: 'mailIntakeAttachmentTooLarge',
      reasonDetails: { megabytes: 10 },
      voucherIds: [voucher.Id],
    });

    const response = await context.call('GET', `/api/main/inbox/detail/${item.uuid}?companyId=${company.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = InboxDetail.parse(response.json().data);
    expect(detail).toMatchObject({
      uuid: item.uuid,
      channel: 'email',
      senderName: 'Kiwi Leverandør AS',
      status: 'refused',
      reason: 'The attachment is larger than 10 MB.',
      sizeBytes: 2048,
      attachmentCount: 1,
      isRead: true,
      files: [],
    });
    expect(detail.vouchers).toEqual([
      {
        id: voucher.Id,
        supplierName: 'Kiwi Leverandør AS',
        amountOre: 45_900,
        currency: 'NOK',
        date: '2026-11-02',
        isDeleted: false,
      },
    ]);
    expect((await inboxOf(company.id)).rows[0]?.isRead).toBe(true);

    const ownerSession = await login(context.app, owner.email);
    const norwegian = await context.app.inject({
      method: 'GET',
      url: `/api/main/inbox/detail/${item.uuid}?companyId=${company.id}`,
      headers: { authorization: `Bearer ${ownerSession.AccessToken}`, 'accept-language': 'nb-NO' },
    });
    expect(norwegian.json().data.reason).toBe('Vedlegget er større enn 10 MB.');
  });

  it('finds an arrival only within the company asking, and only for its members', async () => {
    const item = await givenInboxItem(context.db, context.companyId, 'Hemmelig');
    const outsiderItem = await givenInboxItem(context.db, context.outsiderCompanyId, 'Utenfor');

    const otherCompanysUuid = await context.call(
      'GET',
      `/api/main/inbox/detail/${item.uuid}?companyId=${context.outsiderCompanyId}`,
      undefined,
      context.outsiderSession,
    );
    expect(otherCompanysUuid.statusCode).toBe(404);
    expect(otherCompanysUuid.body).not.toContain('Hemmelig');
    const otherCompanysId = await context.call(
      'POST',
      `/api/main/inbox/readById/${item.id}`,
      { companyId: context.outsiderCompanyId },
      context.outsiderSession,
    );
    expect(otherCompanysId.statusCode).toBe(404);
    const notAMember = await context.call(
      'POST',
      '/api/main/inbox/computeData',
      { companyId: context.companyId },
      context.outsiderSession,
    );
    expect(notAMember.statusCode).toBe(404);
    expect(notAMember.body).not.toContain('Hemmelig');
    const ownUuidElsewhere = await context.call(
      'GET',
      `/api/main/inbox/detail/${outsiderItem.uuid}?companyId=${context.companyId}`,
    );
    expect(ownUuidElsewhere.statusCode).toBe(404);
    expect((await inboxOf(context.companyId)).rows.find((row) => row.id === item.id)?.isRead).toBe(false);
  });
});
