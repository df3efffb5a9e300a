import {
  COMPANY_SERVICE_CONTROL,
  COMPANY_SERVICE_KEYS,
  type Company,
  type CompanyService,
  type CompanyServiceKey,
  type CompanyServiceList,
  LOCAL_SERVICE_KEYS,
  type LocalServiceKey,
  type MenuServices,
  type PaymentServiceStatus,
  ZTL_SERVICE,
} from '@bilag/contracts';
import { isValidOrganisationNumber, normalizeOrganisationNumber } from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import type { MessageKey } from '../../platform/messages';
import type { Providers } from '../../providers';
import { ProviderError } from '../../providers/provider-error';
import { requireCompanyAccess } from '../companies';
import * as repository from './company-service.repository';

export type CompanyServiceDeps = {
  db: Db;
  providers: Providers;
  /** The address the company receives vouchers at by e-mail. */
  mailAddressOf: (companyAlias: string) => string;
};

/** What a call refused for a service that is off says, per service. */
const SERVICE_OFF_MESSAGE: Record<LocalServiceKey, MessageKey> = {
  payments: 'paymentServiceOff',
  email: 'emailServiceOff',
  'bank-sync': 'bankSyncServiceOff',
};

function isLocalService(service: CompanyServiceKey): service is LocalServiceKey {
  return (LOCAL_SERVICE_KEYS as readonly string[]).includes(service);
}

/** Whether the service is on for the company, for work that is not a person's call (mail at the door). */
export function isServiceOn(db: Db, companyId: number, service: LocalServiceKey): Promise<boolean> {
  return repository.isServiceOn(db, companyId, service);
}

/**
 * The gate of every call that needs a service: 403 with the service's own message while it is off for
 * the company. Membership is proven before, so a stranger learns nothing of a company's services.
 */
export async function requireServiceOn(db: Db, companyId: number, service: LocalServiceKey): Promise<void> {
  if (!(await repository.isServiceOn(db, companyId, service)))
    throw Errors.forbidden(SERVICE_OFF_MESSAGE[service]);
}

type LocalState = {
  service: LocalServiceKey;
  isOn: boolean;
  isDefault: boolean;
  since: string | null;
  changedByName: string | null;
  boughtAt: string | null;
  boughtByName: string | null;
};

async function localStates(db: Db, companyId: number): Promise<LocalState[]> {
  const [rows, createdAt] = await Promise.all([
    repository.listServiceStates(db, companyId),
    repository.companyCreatedAt(db, companyId),
  ]);
  return LOCAL_SERVICE_KEYS.map((service) => {
    const row = rows.find((candidate) => candidate.service === service);
    if (!row)
      return {
        service,
        isOn: true,
        isDefault: true,
        since: createdAt?.toISOString() ?? null,
        changedByName: null,
        boughtAt: null,
        boughtByName: null,
      };
    return {
      service,
      isOn: row.isOn,
      isDefault: false,
      since: row.changedAt.toISOString(),
      changedByName: row.changedByName,
      boughtAt: row.boughtAt?.toISOString() ?? null,
      boughtByName: row.boughtByName,
    };
  });
}

function isNotRegisteredAnswer(error: unknown): boolean {
  return error instanceof ProviderError && error.failure === 'rejected' && error.status === 404;
}

/**
 * EHF receiving is on while the access point has the company registered: the access point is asked,
 * and the product's audit rows say who registered or unregistered it. An access point that cannot be
 * reached leaves the state unknown rather than failing the whole list.
 */
async function ehfService(deps: CompanyServiceDeps, company: Company): Promise<CompanyService> {
  const organisationNumber = normalizeOrganisationNumber(company.OrganisationNumber);
  const service = {
    service: 'ehf' as const,
    control: COMPANY_SERVICE_CONTROL.ehf,
    isDefault: false,
    boughtAt: null,
    boughtByName: null,
    receivingAddress: isValidOrganisationNumber(organisationNumber) ? organisationNumber : null,
  };
  const off = { ...service, isOn: false, since: null, changedByName: null };
  if (service.receivingAddress === null) return off;
  const [receiver, change] = await Promise.all([
    deps.providers.peppol.getReceiver(organisationNumber).then(
      (found) => ({ found }),
      (error: unknown) => {
        if (isNotRegisteredAnswer(error)) return { found: null };
        if (error instanceof ProviderError) return undefined;
        throw error;
      },
    ),
    repository.lastEhfRegistrationChange(deps.db, company.Id),
  ]);
  if (receiver === undefined) return { ...off, isOn: null };
  if (receiver.found === null)
    return change?.action === 'unregister'
      ? { ...off, since: change.at.toISOString(), changedByName: change.byName }
      : off;
  return {
    ...service,
    isOn: true,
    since: receiver.found.registeredAt,
    changedByName: change?.action === 'register' ? change.byName : null,
  };
}

function localService(deps: CompanyServiceDeps, company: Company, state: LocalState): CompanyService {
  return {
    ...state,
    control: COMPANY_SERVICE_CONTROL[state.service],
    receivingAddress: state.service === 'email' ? deps.mailAddressOf(company.Alias) : null,
  };
}

async function servicesOf(deps: CompanyServiceDeps, company: Company): Promise<CompanyService[]> {
  const [states, ehf] = await Promise.all([localStates(deps.db, company.Id), ehfService(deps, company)]);
  const byKey = new Map<CompanyServiceKey, CompanyService>([
    ...states.map((state) => [state.service, localService(deps, company, state)] as const),
    ['ehf', ehf],
  ]);
  return COMPANY_SERVICE_KEYS.flatMap((key) => byKey.get(key) ?? []);
}

export async function listCompanyServices(
  deps: CompanyServiceDeps,
  principal: Principal,
  companyIdInput: number,
): Promise<CompanyServiceList> {
  const company = await requireCompanyAccess(deps.db, principal.userId, companyIdInput);
  return { companyId: company.Id, services: await servicesOf(deps, company) };
}

export async function listActiveCompanyServices(
  deps: CompanyServiceDeps,
  principal: Principal,
  companyIdInput: number,
): Promise<CompanyServiceKey[]> {
  const company = await requireCompanyAccess(deps.db, principal.userId, companyIdInput);
  return (await servicesOf(deps, company))
    .filter((service) => service.isOn === true)
    .map((service) => service.service);
}

export async function menuServices(
  db: Db,
  principal: Principal,
  companyIdInput: number,
): Promise<MenuServices> {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  const states = await localStates(db, company.Id);
  return {
    companyId: company.Id,
    services: states.map((state) => ({ service: state.service, isOn: state.isOn })),
  };
}

function paymentStatusOf(companyId: number, states: readonly LocalState[]): PaymentServiceStatus {
  const payments = states.find((state) => state.service === 'payments');
  return {
    id: companyId,
    isPaymentOn: payments?.isOn ?? true,
    since: payments?.since ?? null,
    changedByName: payments?.changedByName ?? null,
  };
}

export async function getPaymentServiceStatus(
  db: Db,
  principal: Principal,
  companyIdInput: number,
): Promise<PaymentServiceStatus> {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  return paymentStatusOf(company.Id, await localStates(db, company.Id));
}

/**
 * Turns a service on or off under the company's lock. Asking for the state it is in changes nothing and
 * writes nothing; a sold service that is off comes back only by buying it, and EHF receiving follows
 * the access point.
 */
async function switchService(
  db: Db,
  principal: Principal,
  companyId: number,
  service: CompanyServiceKey,
  isOn: boolean,
): Promise<void> {
  if (!isLocalService(service)) throw Errors.conflict('companyServiceManagedAtAccessPoint');
  await db.transaction(async (tx) => {
    await repository.lockCompanyServices(tx, companyId);
    const wasOn = await repository.isServiceOn(tx, companyId, service);
    if (wasOn === isOn) return;
    if (isOn && COMPANY_SERVICE_CONTROL[service] === 'sold')
      throw Errors.conflict('companyServiceMustBeBought');
    await repository.saveServiceState(tx, { companyId, service, isOn, changedBy: principal.userId });
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'company-service',
      entityId: service,
      action: isOn ? 'turn-on' : 'turn-off',
      before: { isOn: wasOn },
      after: { isOn },
    });
  });
}

export async function setPaymentServiceStatus(
  db: Db,
  principal: Principal,
  body: { companyId: number; isPaymentOn: boolean },
): Promise<PaymentServiceStatus> {
  const company = await requireCompanyAccess(db, principal.userId, body.companyId);
  await switchService(db, principal, company.Id, 'payments', body.isPaymentOn);
  return paymentStatusOf(company.Id, await localStates(db, company.Id));
}

async function serviceOf(
  deps: CompanyServiceDeps,
  company: Company,
  service: CompanyServiceKey,
): Promise<CompanyService> {
  if (!isLocalService(service)) return ehfService(deps, company);
  const state = (await localStates(deps.db, company.Id)).find((candidate) => candidate.service === service);
  if (!state) throw Errors.internal();
  return localService(deps, company, state);
}

export async function updateCompanyService(
  deps: CompanyServiceDeps,
  principal: Principal,
  body: { companyId: number; service: CompanyServiceKey; isOn: boolean },
): Promise<CompanyService> {
  const company = await requireCompanyAccess(deps.db, principal.userId, body.companyId);
  await switchService(deps.db, principal, company.Id, body.service, body.isOn);
  return serviceOf(deps, company, body.service);
}

/**
 * Buys the bank connection: on at once, with the purchase recorded. A service that is already on is
 * not bought twice; a repeated request with the same Idempotency-Key answers the first purchase.
 */
export async function buyZtlService(
  deps: CompanyServiceDeps,
  principal: Principal,
  body: { companyId: number },
): Promise<CompanyService> {
  const company = await requireCompanyAccess(deps.db, principal.userId, body.companyId);
  await deps.db.transaction(async (tx) => {
    await repository.lockCompanyServices(tx, company.Id);
    if (await repository.isServiceOn(tx, company.Id, ZTL_SERVICE))
      throw Errors.conflict('companyServiceAlreadyOn');
    await repository.savePurchase(tx, {
      companyId: company.Id,
      service: ZTL_SERVICE,
      boughtBy: principal.userId,
    });
    await writeAudit(tx, {
      companyId: company.Id,
      userId: principal.userId,
      entity: 'company-service',
      entityId: ZTL_SERVICE,
      action: 'buy',
      before: { isOn: false },
      after: { isOn: true },
    });
  });
  return serviceOf(deps, company, ZTL_SERVICE);
}
