import {
  type ConsentScaResult,
  type ConsentStarted,
  LANGUAGE_HEADER,
  type LoginData,
} from '@bilag/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bankConsents, banks } from '../../db/schema';
import { createBankClients } from '../../providers/bank/http-client';
import { authoriseAtBank } from '../../providers/bank/test-support';
import { bearer, givenBankAccount, givenTenancy, type HttpMethod } from '../../test/fixtures';
import { givenSandbox, type RunningSandbox } from '../../test/sandbox';
import { createTestApp } from '../../test/test-app';

export const PUBLIC_URL = 'http://localhost:3000';
/** The sandbox's test people (apps/sandbox/src/platform/world.ts). */
export const KARI = '12857910093';
export const REJECTS = '21919010182';
/** The bakery's accounts at DNB in the sandbox. */
export const OPERATING_ACCOUNT = '15030123457';
export const TAX_ACCOUNT = '15039876547';

export const CONSENTS = '/api/consent';

/**
 * A test app against a real sandbox, with the tenancy cast, the bakery's operating account at DNB
 * in the member's company, and the registry ids of DNB and of a bank the product has no connection to.
 */
export async function givenConsentWorld() {
  const sandbox: RunningSandbox = await givenSandbox();
  const context = await createTestApp({ providers: sandbox.providers, publicUrl: PUBLIC_URL });
  const tenancy = await givenTenancy(context);
  const operating = await givenBankAccount(
    context.app,
    tenancy.session,
    tenancy.companyId,
    OPERATING_ACCOUNT,
  );
  const bankIdOf = async (bic: string) => {
    const [bank] = await context.db.select().from(banks).where(eq(banks.bic, bic));
    if (!bank) throw new Error(`no bank ${bic} in the registry`);
    return bank.id;
  };
  const dnbId = await bankIdOf('DNBANOKK');
  const unconnectedBankId = await bankIdOf('SPAVNOBB');

  function call(method: HttpMethod, url: string, payload?: object, as: LoginData = tenancy.session) {
    return context.app.inject({
      method,
      url,
      headers: { ...bearer(as), [LANGUAGE_HEADER]: 'en' },
      ...(payload ? { payload } : {}),
    });
  }

  /** Asks for a consent as the member; answers what the product replied with. */
  async function started(body: object = {}, as: LoginData = tenancy.session): Promise<ConsentStarted> {
    const response = await call(
      'POST',
      `${CONSENTS}/create`,
      { companyId: tenancy.companyId, bankId: dnbId, ...body },
      as,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  /** The bank's return as the callback page sends it: the instruction id, without signing in. */
  function scaAnswer(
    instructionId: string,
    path: 'sca-success' | 'sca-cancel' | 'v2/sca-success' = 'sca-success',
  ) {
    return context.app.inject({
      method: 'PUT',
      url: `${CONSENTS}/${path}`,
      headers: { [LANGUAGE_HEADER]: 'en' },
      payload: { instructionId, scaStatus: 'success' },
    });
  }

  /** The person approves (or rejects) at the bank, and the product is told by the return page. */
  async function decidedAtBank(
    consent: ConsentStarted,
    ssn = KARI,
    decision: 'approve' | 'reject' = 'approve',
  ): Promise<ConsentScaResult> {
    const returnedTo = new URL(await authoriseAtBank(consent.scaRedirectUrl, ssn, decision));
    const instructionId = returnedTo.searchParams.get('instructionId') ?? '';
    const response = await scaAnswer(instructionId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  async function storedConsent(consentId: number) {
    const [row] = await context.db.select().from(bankConsents).where(eq(bankConsents.id, consentId));
    if (!row) throw new Error(`no consent ${consentId}`);
    return row;
  }

  /** Where the consent stands at the bank itself. */
  async function bankConsentStatus(consentId: number): Promise<string> {
    const dnb = createBankClients(sandbox.providers).forGroup('dnb');
    if (!dnb) throw new Error('no client for DNB');
    return dnb.getConsentStatus((await storedConsent(consentId)).providerConsentId);
  }

  return {
    sandbox,
    context,
    tenancy,
    companyId: tenancy.companyId,
    operating,
    dnbId,
    unconnectedBankId,
    call,
    started,
    scaAnswer,
    decidedAtBank,
    storedConsent,
    bankConsentStatus,
    close: async () => {
      await context.close();
      await sandbox.close();
    },
  };
}
export type ConsentWorld = Awaited<ReturnType<typeof givenConsentWorld>>;
