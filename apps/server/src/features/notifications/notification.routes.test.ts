import { NotificationPanel } from '@bilag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenCompany, givenTenantApp, givenUser, login, type TenantApp } from '../../test/fixtures';
import { notifyCompany, notifyCompanyUsers, notifyUsers } from './notification.service';

let context: TenantApp;

beforeAll(async () => {
  context = await givenTenantApp();
});
afterAll(() => context.close());

const panelOf = async (companyId: number, session = context.session) => {
  const response = await context.call(
    'GET',
    `/api/consent/notifications?companyId=${companyId}`,
    undefined,
    session,
  );
  expect(response.statusCode).toBe(200);
  return NotificationPanel.parse(response.json().data);
};

describe('notifications', () => {
  it('reach every member and the owner, in the reader’s language, and are read one by one or all at once', async () => {
    const owner = await givenUser(context.db, { language: 'no' });
    const member = await givenUser(context.db);
    const company = await givenCompany(context.db, { ownerUserId: owner.id, memberIds: [member.id] });
    const recipients = await notifyCompanyUsers(context.db, {
      companyId: company.id,
      kind: 'consent-expiring',
      details: { bank: 'DNB', days: 7, date: '2026-12-04' },
      link: `/${company.alias}/setting/ztl-consent/1/renew`,
    });
    expect(recipients.map((recipient) => recipient.userId).sort()).toEqual([owner.id, member.id].sort());
    expect(recipients.find((recipient) => recipient.userId === owner.id)?.language).toBe('no');
    await notifyCompanyUsers(context.db, {
      companyId: company.id,
      kind: 'consent-ended',
      details: { bank: 'DNB' },
      link: null,
    });

    const memberSession = await login(context.app, member.email);
    const panel = await panelOf(company.id, memberSession);
    expect(panel.countUnRead).toBe(2);
    expect(panel.todays.map((notification) => notification.kind)).toEqual([
      'consent-ended',
      'consent-expiring',
    ]);
    expect(panel.older).toEqual([]);
    expect(panel.ztlNotifications.total).toBe(2);
    const expiring = panel.todays[1];
    expect(expiring?.title).toBe('The consent with DNB ends in 7 days');
    expect(expiring?.link).toBe(`/${company.alias}/setting/ztl-consent/1/renew`);

    const ownerSession = await login(context.app, owner.email);
    const norwegian = await context.app.inject({
      method: 'GET',
      url: `/api/consent/notifications?companyId=${company.id}`,
      headers: { authorization: `Bearer ${ownerSession.AccessToken}`, 'accept-language': 'nb-NO' },
    });
    expect(norwegian.json().data.todays[1].title).toBe('Samtykket med DNB utløper om 7 dager');

    const read = await context.call(
      'PUT',
      `/api/consent/notifications/${expiring?.id}/read`,
      { companyId: company.id },
      memberSession,
    );
    expect(read.statusCode).toBe(200);
    expect(read.json().data.isUnRead).toBe(false);
    expect((await panelOf(company.id, memberSession)).countUnRead).toBe(1);
    // Reading is per person: the owner's copies stay unread.
    expect((await panelOf(company.id, ownerSession)).countUnRead).toBe(2);

    const all = await context.call(
      'PUT',
      '/api/consent/notifications/mark-all',
      { companyId: company.id },
      memberSession,
    );
    expect(all.statusCode).toBe(200);
    expect((await panelOf(company.id, memberSession)).countUnRead).toBe(0);
  });

  it('reach every member and the owner with each of several notifications written together, in their order', async () => {
    const owner = await givenUser(context.db);
    const member = await givenUser(context.db);
    const company = await givenCompany(context.db, { ownerUserId: owner.id, memberIds: [member.id] });
    const recipients = await notifyCompany(context.db, company.id, [
      { kind: 'inbox-arrived', details: { count: 1, sender: 'Kiwi', subject: 'Kvittering' }, link: '/a' },
      {
        kind: 'inbox-needs-review',
        details: { sender: 'ukjent@example.com', subject: 'Faktura' },
        link: '/b',
      },
    ]);
    expect(recipients.map((recipient) => recipient.userId)).toEqual(
      [owner.id, member.id].sort((a, b) => a - b),
    );
    for (const reader of [owner, member]) {
      const panel = await panelOf(company.id, await login(context.app, reader.email));
      expect(panel.todays.map((notification) => [notification.kind, notification.link])).toEqual([
        ['inbox-needs-review', '/b'],
        ['inbox-arrived', '/a'],
      ]);
    }
  });

  it('reach, when meant for named people, only those of them who belong to the company', async () => {
    const owner = await givenUser(context.db);
    const member = await givenUser(context.db);
    const stranger = await givenUser(context.db);
    const company = await givenCompany(context.db, { ownerUserId: owner.id, memberIds: [member.id] });
    await notifyUsers(context.db, {
      companyId: company.id,
      kind: 'task-assigned',
      details: { title: 'Avstem banken', author: 'Kari' },
      link: null,
      userIds: [member.id, stranger.id],
    });
    const memberPanel = await panelOf(company.id, await login(context.app, member.email));
    expect(memberPanel.todays.map((notification) => notification.title)).toEqual(['Kari gave you a task']);
    expect((await panelOf(company.id, await login(context.app, owner.email))).countUnRead).toBe(0);
  });

  it('are the reader’s own: another person’s notification and another company answer not found', async () => {
    const [notified] = await notifyCompanyUsers(context.db, {
      companyId: context.companyId,
      kind: 'consent-sync-failed',
      details: { bank: 'DNB', reason: 'The bank did not answer.' },
      link: null,
    });
    expect(notified?.userId).toBe(context.user.id);
    const panel = await panelOf(context.companyId);
    const id = panel.todays[0]?.id;

    const asOutsider = await context.call(
      'PUT',
      `/api/consent/notifications/${id}/read`,
      { companyId: context.outsiderCompanyId },
      context.outsiderSession,
    );
    expect(asOutsider.statusCode).toBe(404);
    const foreignCompany = await context.call(
      'GET',
      `/api/consent/notifications?companyId=${context.companyId}`,
      undefined,
      context.outsiderSession,
    );
    expect(foreignCompany.statusCode).toBe(404);
    expect((await panelOf(context.companyId)).countUnRead).toBe(1);
  });

  it('names an onboarding status in the reader’s words', async () => {
    await notifyCompanyUsers(context.db, {
      companyId: context.companyId,
      kind: 'onboarding-finished',
      details: { status: 'declined-risk-evaluation' },
      link: null,
    });
    const [latest] = (await panelOf(context.companyId)).todays;
    expect(latest?.title).toBe('Onboarding with the payment service: declined after the risk evaluation');
  });

  it('pages the list', async () => {
    for (let index = 0; index < 3; index += 1) {
      await notifyCompanyUsers(context.db, {
        companyId: context.companyId,
        kind: 'consent-ended',
        details: { bank: `Bank ${index}` },
        link: null,
      });
    }
    const response = await context.call(
      'GET',
      `/api/consent/notifications?companyId=${context.companyId}&page=2&pageSize=2`,
    );
    const panel = NotificationPanel.parse(response.json().data);
    expect([...panel.todays, ...panel.older]).toHaveLength(2);
    expect(panel.countUnRead).toBe(5);
  });
});
