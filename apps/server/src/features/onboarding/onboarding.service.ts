import {
  isAdminRole,
  type Language,
  ONBOARDED_STATUSES,
  ONBOARDING_FINAL_STATUSES,
  type Onboarding,
  type OnboardingStatus,
  RoleId,
} from '@bilag/contracts';
import { isValidOrganisationNumber, normalizeOrganisationNumber } from '@bilag/domain';
import type { Db } from '../../db/client';
import type { CompanyOnboardingRow } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import type { Providers } from '../../providers';
import type { OnboardingAtProvider } from '../../providers/onboarding/interface';
import { requireCompanyAccess } from '../companies';
import { notifyCompanyUsers } from '../notifications';
import * as repository from './onboarding.repository';

/**
 * The company's onboarding with the payment service (spec §4). The provider decides the status; the
 * product keeps the latest it heard in company_onboardings, asks again while the provider may still
 * move it on (pending: the signatory signs or the sign order expires; success: the account is set
 * up), and tells the company's people once it has ended.
 */

export type OnboardingDependencies = { db: Db; providers: Providers };

/** The statuses the provider may still change, so a read asks it again. */
export const STATUSES_TO_FOLLOW: readonly OnboardingStatus[] = ['pending', 'success'];

const AUDIT_ENTITY = 'company-onboarding';

const isFinal = (status: OnboardingStatus) => ONBOARDING_FINAL_STATUSES.includes(status);
const stillMoving = (status: OnboardingStatus) => STATUSES_TO_FOLLOW.includes(status);

async function toOnboarding(
  db: Db,
  companyId: number,
  row: CompanyOnboardingRow | undefined,
): Promise<Onboarding> {
  if (!row) {
    return { companyId, status: 'none', signUrl: null, startedAt: null, updatedAt: null, startedBy: null };
  }
  const startedBy = row.startedBy === null ? undefined : await repository.userName(db, row.startedBy);
  return {
    companyId,
    status: row.status,
    signUrl: row.status === 'pending' ? row.signUrl : null,
    startedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    startedBy: startedBy ?? null,
  };
}

/** Everyone in the company hears once that the onboarding has ended, and how. */
async function tellCompanyItEnded(tx: Db, companyId: number, status: OnboardingStatus) {
  const alias = await repository.companyAlias(tx, companyId);
  await notifyCompanyUsers(tx, {
    companyId,
    kind: 'onboarding-finished',
    details: { status },
    link: alias === undefined ? null : `/${alias}/setting`,
  });
}

/**
 * Asks the provider where the onboarding stands and records a change: audited, and told to the
 * company's people when it has just ended. Of two callers that see the same change, one records it.
 */
export async function followOnboarding(
  { db, providers }: OnboardingDependencies,
  row: CompanyOnboardingRow,
  actorUserId: number | null,
): Promise<CompanyOnboardingRow> {
  const atProvider = await providers.onboarding.status(row.providerOnboardingId);
  if (atProvider.status === row.status) return row;
  return db.transaction(async (tx) => {
    const changed = await repository.changeOnboardingStatus(tx, row, {
      status: atProvider.status,
      signUrl: atProvider.signUrl ?? null,
    });
    if (!changed) return (await repository.findOnboarding(tx, row.companyId, row.id)) ?? row;
    await writeAudit(tx, {
      companyId: row.companyId,
      userId: actorUserId,
      entity: AUDIT_ENTITY,
      entityId: row.id,
      action: 'update',
      before: { status: row.status },
      after: { status: changed.status, providerStatus: atProvider.providerStatus },
    });
    if (!isFinal(row.status) && isFinal(changed.status))
      await tellCompanyItEnded(tx, row.companyId, changed.status);
    return changed;
  });
}

export async function getOnboarding(
  dependencies: OnboardingDependencies,
  principal: Principal,
  companyIdInput: number,
): Promise<Onboarding> {
  const { db } = dependencies;
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  const latest = await repository.latestOnboarding(db, company.Id);
  const current =
    latest && stillMoving(latest.status)
      ? await followOnboarding(dependencies, latest, principal.userId)
      : latest;
  return toOnboarding(db, company.Id, current);
}

/** The company's organisation number as the provider takes it: 9 digits with a valid check digit. */
export function validOrganisationNumberOf(company: { OrganisationNumber: string }): string | undefined {
  const organisationNumber = normalizeOrganisationNumber(company.OrganisationNumber);
  return /^\d{9}$/.test(organisationNumber) && isValidOrganisationNumber(organisationNumber)
    ? organisationNumber
    : undefined;
}

/** Onboarding binds the company to the payment service, so it is for its owner, its CEO or an administrator. */
function mayStartOnboarding(principal: Principal, company: { isOwner: boolean }): boolean {
  return isAdminRole(principal.roleId) || principal.roleId === RoleId.CEO || company.isOwner;
}

async function recordStart(
  db: Db,
  companyId: number,
  userId: number,
  atProvider: OnboardingAtProvider,
): Promise<CompanyOnboardingRow> {
  return db.transaction(async (tx) => {
    await repository.lockOnboardingStart(tx, companyId);
    const latest = await repository.latestOnboarding(tx, companyId);
    // A start at the same moment got the same pending onboarding from the provider and recorded it.
    if (latest?.providerOnboardingId === atProvider.onboardingId) return latest;
    const row = await repository.insertOnboarding(tx, {
      companyId,
      providerOnboardingId: atProvider.onboardingId,
      status: atProvider.status,
      signUrl: atProvider.signUrl ?? null,
      startedBy: userId,
    });
    await writeAudit(tx, {
      companyId,
      userId,
      entity: AUDIT_ENTITY,
      entityId: row.id,
      action: 'create',
      after: {
        status: row.status,
        providerStatus: atProvider.providerStatus,
        providerOnboardingId: atProvider.onboardingId,
      },
    });
    if (isFinal(row.status)) await tellCompanyItEnded(tx, companyId, row.status);
    return row;
  });
}

export async function startOnboarding(
  dependencies: OnboardingDependencies,
  principal: Principal,
  companyIdInput: number,
  request: { returnOrigin: string; language: Language },
): Promise<Onboarding> {
  const { db, providers } = dependencies;
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  if (!mayStartOnboarding(principal, company)) throw Errors.forbidden('onboardingStartForbidden');

  const stored = await repository.latestOnboarding(db, company.Id);
  // A pending one may have been signed or have expired since it was last asked about.
  const latest =
    stored && stillMoving(stored.status)
      ? await followOnboarding(dependencies, stored, principal.userId)
      : stored;
  if (latest?.status === 'pending') {
    throw Errors.conflict(
      'onboardingAlreadyPending',
      { url: latest.signUrl ?? '' },
      { signUrl: latest.signUrl },
    );
  }
  if (latest && ONBOARDED_STATUSES.includes(latest.status)) {
    throw Errors.conflict('onboardingFinished', { status: latest.status }, { status: latest.status });
  }

  const organisationNumber = validOrganisationNumberOf(company);
  if (organisationNumber === undefined) {
    throw Errors.invalid('onboardingInvalidOrganisationNumber', {
      organisationNumber: company.OrganisationNumber,
    });
  }
  const atProvider = await providers.onboarding.start({
    organisationNumber,
    returnUrl: `${request.returnOrigin}/onboarding/callback?companyId=${company.Id}`,
    language: request.language,
  });
  const row = await recordStart(db, company.Id, principal.userId, atProvider);
  return toOnboarding(db, company.Id, row);
}
