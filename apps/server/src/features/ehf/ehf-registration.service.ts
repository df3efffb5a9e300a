import type { EhfAccessPoint, EhfRegistration } from '@bilag/contracts';
import { isValidOrganisationNumber } from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import type { Providers } from '../../providers';
import type { EhfReceiver } from '../../providers/peppol/interface';
import { ProviderError } from '../../providers/provider-error';
import { requireCompanyAccess } from '../companies';

export type EhfRegistrationDeps = {
  db: Db;
  providers: Providers;
  /** Where the product is reached from outside; the access point delivers to its webhook there. */
  publicUrl: string;
  accessPointUrl: string;
};

export function webhookUrlOf(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/ehf/webhook/peppol`;
}

function notRegistered(companyId: number, organisationNumber: string | null): EhfRegistration {
  return {
    companyId,
    organisationNumber,
    isRegistered: false,
    name: null,
    webhookUrl: null,
    documentTypes: [],
    registeredAt: null,
  };
}

function registered(companyId: number, receiver: EhfReceiver): EhfRegistration {
  return {
    companyId,
    organisationNumber: receiver.organisationNumber,
    isRegistered: true,
    name: receiver.name,
    webhookUrl: receiver.webhookUrl,
    documentTypes: receiver.documentTypes,
    registeredAt: receiver.registeredAt,
  };
}

function isNotRegisteredAnswer(error: unknown): boolean {
  return error instanceof ProviderError && error.failure === 'rejected' && error.status === 404;
}

async function companyOf(db: Db, principal: Principal, companyId: number) {
  const company = await requireCompanyAccess(db, principal.userId, companyId);
  const organisationNumber = company.OrganisationNumber.replace(/\s/g, '');
  return {
    company,
    organisationNumber: isValidOrganisationNumber(organisationNumber) ? organisationNumber : null,
  };
}

export async function getEhfRegistration(
  deps: EhfRegistrationDeps,
  principal: Principal,
  companyId: number,
): Promise<EhfRegistration> {
  const { company, organisationNumber } = await companyOf(deps.db, principal, companyId);
  if (!organisationNumber) return notRegistered(company.Id, null);
  try {
    return registered(company.Id, await deps.providers.peppol.getReceiver(organisationNumber));
  } catch (error) {
    if (isNotRegisteredAnswer(error)) return notRegistered(company.Id, organisationNumber);
    throw error;
  }
}

export async function registerEhfReceiver(
  deps: EhfRegistrationDeps,
  principal: Principal,
  companyId: number,
): Promise<EhfRegistration> {
  const { company, organisationNumber } = await companyOf(deps.db, principal, companyId);
  if (!organisationNumber) throw Errors.invalid('ehfOrganisationNumberMissing');
  const receiver = await deps.providers.peppol.registerReceiver({
    organisationNumber,
    name: company.Name,
    webhookUrl: webhookUrlOf(deps.publicUrl),
  });
  await writeAudit(deps.db, {
    companyId: company.Id,
    userId: principal.userId,
    entity: 'ehf-registration',
    entityId: organisationNumber,
    action: 'register',
    after: receiver,
  });
  return registered(company.Id, receiver);
}

export async function unregisterEhfReceiver(
  deps: EhfRegistrationDeps,
  principal: Principal,
  companyId: number,
): Promise<EhfRegistration> {
  const { company, organisationNumber } = await companyOf(deps.db, principal, companyId);
  if (!organisationNumber) return notRegistered(company.Id, null);
  const wasRegistered = await deps.providers.peppol.unregisterReceiver(organisationNumber);
  if (wasRegistered) {
    await writeAudit(deps.db, {
      companyId: company.Id,
      userId: principal.userId,
      entity: 'ehf-registration',
      entityId: organisationNumber,
      action: 'unregister',
    });
  }
  return notRegistered(company.Id, organisationNumber);
}

export async function getEhfAccessPoint(
  deps: EhfRegistrationDeps,
  principal: Principal,
  companyId: number,
): Promise<EhfAccessPoint> {
  await requireCompanyAccess(deps.db, principal.userId, companyId);
  return { accessPointUrl: deps.accessPointUrl, webhookUrl: webhookUrlOf(deps.publicUrl) };
}
