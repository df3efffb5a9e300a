import { ore } from '@bilag/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenSandbox, type RunningSandbox } from '../test/sandbox';
import { createProviders, type Providers } from '.';

describe('the outside parties, configured by settings alone', () => {
  let sandbox: RunningSandbox;
  let providers: Providers;
  beforeAll(async () => {
    sandbox = await givenSandbox();
    providers = createProviders(sandbox.providers);
  });
  afterAll(() => sandbox.close());

  it('reaches every party the settings name, each in its own protocol', async () => {
    const dnb = providers.banks.forGroup('dnb');
    expect(dnb).toBeDefined();
    expect(providers.banks.forGroup('other')).toBeUndefined();
    const consent = await dnb?.createConsent({
      onBehalfOf: { organisationNumber: '923456783' },
      access: { scope: 'allAccounts' },
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      frequencyPerDay: 4,
      recurring: true,
      returnUrl: 'http://localhost:3000/consent/sca-callback',
    });
    expect(consent?.scaRedirectUrl.startsWith(sandbox.url)).toBe(true);

    const signing = await providers.signing.initAuthentication({
      returnUrl: 'http://localhost:3000/sign-next?action=signant-auth',
      language: 'no',
    });
    expect(signing.authenticationUrl.startsWith(sandbox.url)).toBe(true);

    const authorisation = await providers.bankAuthorisation.authorize({
      organisationNumber: '923456783',
      ssn: '03878510096',
      accountNumbers: ['15030123457', '15039876547'],
    });
    expect(authorisation.accounts.map((account) => account.authorised)).toEqual([true, false]);

    const payment = await providers.card.createPaymentIntent({
      amount: ore(149_000),
      currency: 'NOK',
      description: 'Betalingspakke',
      metadata: { companyId: '1' },
      returnUrl: 'http://localhost:3000/payment-packages',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(payment.checkoutUrl.startsWith(sandbox.url)).toBe(true);

    const participant = await providers.peppol.lookupParticipant('923456783');
    expect(participant.registered).toBe(false);

    await expect(providers.mail.verify()).resolves.toBeUndefined();
  });
});
