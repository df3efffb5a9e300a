import path from 'node:path';
import { RoleId } from '@bilag/contracts';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankConsents, jobs, mailSmtpRefusals } from '../../db/schema';
import { enqueueJob, runJobsUntilIdle } from '../../platform/jobs';
import { translate } from '../../platform/messages';
import { createLocalDiskStore } from '../../platform/object-store';
import { createProviders } from '../../providers';
import { givenTenancy, givenUser, login } from '../../test/fixtures';
import { givenConsent } from '../../test/record-fixtures';
import { createTestApp, testConfig } from '../../test/test-app';
import { addCompanyUser } from '../companies';
import { consentJobs } from '../consents';
import { type MailListener, startMailListener } from '../mail-intake';

const DOMAIN = 'bilag.test';

describe('a service turned off stops its work: e-mail at the door, the bank connection for consents', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let tenancy: Awaited<ReturnType<typeof givenTenancy>>;
  let ceo: Awaited<ReturnType<typeof login>>;
  let listener: MailListener;
  let address: string;

  beforeAll(async () => {
    context = await createTestApp({ mailIntake: { ...testConfig().mailIntake, domain: DOMAIN } });
    tenancy = await givenTenancy(context);
    const ceoUser = await givenUser(context.db, { roleId: RoleId.CEO });
    await addCompanyUser(context.db, tenancy.companyId, ceoUser.id);
    ceo = await login(context.app, ceoUser.email);
    listener = await startMailListener({
      db: context.db,
      store: createLocalDiskStore(path.join(context.dataDir, 'files')),
      host: '127.0.0.1',
      port: 0,
      domain: DOMAIN,
      spoolDir: path.join(context.dataDir, 'mail-spool'),
    });
    const services = await tenancy.call(
      'GET',
      `/api/main/company-services/fetchAll?companyId=${tenancy.companyId}`,
    );
    address = services
      .json()
      .data.services.find((service: { service: string }) => service.service === 'email').receivingAddress;
  });
  afterAll(async () => {
    await listener?.close();
    await context?.close();
  });

  function switchService(service: string, isOn: boolean) {
    return tenancy.call(
      'POST',
      '/api/main/company-services/update',
      { companyId: tenancy.companyId, service, isOn },
      ceo,
    );
  }

  function sendReceipt() {
    return nodemailer
      .createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true })
      .sendMail({ from: tenancy.user.email, to: address, subject: 'Kvittering', text: 'Se vedlegg.' });
  }

  it("refuses mail to the company's address at the door while e-mail receiving is off, and notes why", async () => {
    expect(address.endsWith(`@${DOMAIN}`)).toBe(true);
    await switchService('email', false);
    await expect(sendReceipt()).rejects.toMatchObject({ responseCode: 550 });
    const [refusal] = await context.db
      .select()
      .from(mailSmtpRefusals)
      .where(eq(mailSmtpRefusals.forCompanyId, tenancy.companyId));
    expect(refusal).toMatchObject({ smtpCode: 550, reasonKey: 'emailServiceOff', recipient: address });
    await switchService('email', true);
    expect((await sendReceipt()).response).toMatch(/^250 /);
  });

  it('refuses new consents and syncs while the bank connection is off, and leaves the consents out of the schedule', async () => {
    const consentId = await givenConsent(context.db, tenancy.companyId, 'Synk');
    await context.db
      .update(bankConsents)
      .set({ createdBy: tenancy.user.id, lastError: null })
      .where(and(eq(bankConsents.companyId, tenancy.companyId), eq(bankConsents.id, consentId)));
    const handlers = consentJobs({
      db: context.db,
      providers: createProviders(testConfig().providers),
      config: { publicUrl: 'http://127.0.0.1' },
    }).handlers;
    const syncsQueued = async () => {
      await enqueueJob(context.db, { name: 'consents.sync-due' });
      const due = handlers['consents.sync-due'];
      if (!due) throw new Error('the schedule has no handler');
      await runJobsUntilIdle(context.db, { handlers: { 'consents.sync-due': due } });
      const queued = await context.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, 'consents.sync'), eq(jobs.forCompanyId, tenancy.companyId)));
      return queued.length;
    };

    await switchService('bank-sync', false);
    const sync = await tenancy.call('POST', `/api/consent/${consentId}/sync`, {
      companyId: tenancy.companyId,
    });
    expect(sync.statusCode).toBe(403);
    expect(sync.json().message).toBe(translate('en', 'bankSyncServiceOff'));
    const created = await tenancy.call('POST', '/api/consent/create', {
      companyId: tenancy.companyId,
      bankId: 1,
    });
    expect(created.statusCode).toBe(403);
    expect(await syncsQueued()).toBe(0);

    const bought = await tenancy.call(
      'POST',
      '/api/main/company-services/buy-ztl-service',
      { companyId: tenancy.companyId },
      ceo,
    );
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await syncsQueued()).toBe(1);
  });
});
