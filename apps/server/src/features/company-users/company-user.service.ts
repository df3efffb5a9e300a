import { createHash, randomBytes } from 'node:crypto';
import type * as Api from '@bilag/contracts';
import {
  type Accountant,
  type CompanyUser,
  type CompanyUsersData,
  isAdminRole,
  normalizeLanguage,
  RoleId,
  type RouteInput,
  rolesGrantableBy,
} from '@bilag/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/sql-helpers';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import { translate } from '../../platform/messages';
import type { MailClient } from '../../providers/mail/interface';
import { createUser, findUserByEmail, hashPassword } from '../auth';
import { requireCompanyAccess } from '../companies';
import * as repository from './company-user.repository';

export const INVITATION_MAIL_JOB = 'company-users.invitation-mail';
export const InvitationMail = z.object({ invitationId: z.number().int() });

const INVITATION_VALID_DAYS = 7;
/** Roles that keep books, of whom one may be named a company's responsible accountant. */
const ACCOUNTANT_ROLE_IDS: readonly number[] = [
  RoleId.ACCOUNTANT,
  RoleId.ACCOUNTANT_LIMIT,
  RoleId.VN_ACCOUNTANT,
];

function toCompanyUser(record: repository.CompanyUserRecord): CompanyUser {
  return {
    Id: record.id,
    FullName: record.fullName,
    Email: record.email,
    RoleId: record.roleId,
    IsOwner: record.isOwner,
    IsResponsibleAccountant: record.isResponsibleAccountant,
    InvitationPending: record.invitationPending,
    AddedAt: record.addedAt.toISOString(),
  };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function listCompanyUsers(
  db: Db,
  principal: Principal,
  query: RouteInput<typeof Api.listCompanyUsers>['query'],
): Promise<CompanyUsersData> {
  await requireCompanyAccess(db, principal.userId, query.companyId);
  const { rows, total } = await repository.listCompanyUsers(db, {
    companyId: query.companyId,
    keyword: query.keyword || undefined,
    offset: (query.pageNumber - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { rows: rows.map(toCompanyUser), total, grantableRoleIds: rolesGrantableBy(principal.roleId) };
}

async function requireCompanyUser(db: Db, companyId: number, userId: number) {
  const found = await repository.findCompanyUser(db, companyId, userId);
  if (!found) throw Errors.notFound('companyUserNotFound');
  return found;
}

/**
 * Adds a person by e-mail. Someone with an account keeps it and their role (only an administrator
 * changes a role); a new person gets an account with the role given, which must be one the inviter
 * may grant, and, by a job, an e-mail with a link to set their password.
 */
export async function inviteCompanyUser(
  db: Db,
  principal: Principal,
  body: RouteInput<typeof Api.inviteCompanyUser>['body'],
) {
  await requireCompanyAccess(db, principal.userId, body.companyId);
  const outcome = await addOrInvite(db, principal, body).catch((error: unknown) => {
    // Two invitations of the same new address at once: the unique e-mail index lets one make the account.
    if (isUniqueViolation(error)) throw Errors.conflict('alreadyCompanyUser');
    throw error;
  });
  const user = await requireCompanyUser(db, body.companyId, outcome.userId);
  return { user: toCompanyUser(user), outcome: outcome.outcome };
}

function addOrInvite(db: Db, principal: Principal, body: RouteInput<typeof Api.inviteCompanyUser>['body']) {
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, body.email);
    if (existing) {
      if (!(await repository.addMembership(tx, body.companyId, existing.id)))
        throw Errors.conflict('alreadyCompanyUser');
      await writeAudit(tx, {
        companyId: body.companyId,
        userId: principal.userId,
        entity: 'company-user',
        entityId: existing.id,
        action: 'create',
        after: { userId: existing.id, email: existing.email },
      });
      return { userId: existing.id, outcome: 'added' as const };
    }
    if (!rolesGrantableBy(principal.roleId).includes(body.roleId)) throw Errors.forbidden('roleNotGrantable');
    const user = await createUser(tx, {
      email: body.email,
      fullName: body.fullName ?? body.email.split('@')[0] ?? body.email,
      // Nobody knows this password: the person sets their own through the invitation.
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      roleId: body.roleId,
      language: body.language,
    });
    await repository.addMembership(tx, body.companyId, user.id);
    const invitationId = await repository.insertInvitation(tx, {
      companyId: body.companyId,
      userId: user.id,
      invitedByUserId: principal.userId,
    });
    await enqueueJob(tx, { name: INVITATION_MAIL_JOB, payload: { invitationId }, companyId: body.companyId });
    await writeAudit(tx, {
      companyId: body.companyId,
      userId: principal.userId,
      entity: 'company-user',
      entityId: user.id,
      action: 'invite',
      after: { userId: user.id, email: user.email, roleId: user.roleId },
    });
    return { userId: user.id, outcome: 'invited' as const };
  });
}

export async function changeCompanyUserRole(
  db: Db,
  principal: Principal,
  input: RouteInput<typeof Api.changeCompanyUserRole>,
): Promise<CompanyUser> {
  const { companyId, roleId } = input.body;
  await requireCompanyAccess(db, principal.userId, companyId);
  if (input.params.id === principal.userId) throw Errors.forbidden('ownRoleUnchangeable');
  const before = await requireCompanyUser(db, companyId, input.params.id);
  if (before.roleId !== roleId) {
    await db.transaction(async (tx) => {
      await repository.changeRole(tx, before.id, roleId);
      await writeAudit(tx, {
        companyId,
        userId: principal.userId,
        entity: 'company-user',
        entityId: before.id,
        action: 'role-change',
        before: { roleId: before.roleId },
        after: { roleId },
      });
    });
  }
  return toCompanyUser(await requireCompanyUser(db, companyId, before.id));
}

export async function removeCompanyUser(
  db: Db,
  principal: Principal,
  input: RouteInput<typeof Api.removeCompanyUser>,
) {
  const { companyId } = input.query;
  await requireCompanyAccess(db, principal.userId, companyId);
  const person = await requireCompanyUser(db, companyId, input.params.id);
  if (person.isOwner) throw Errors.conflict('companyOwnerNotRemovable');
  await db.transaction(async (tx) => {
    await repository.removeMembership(tx, companyId, person.id);
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'company-user',
      entityId: person.id,
      action: 'delete',
      before: { userId: person.id, email: person.email, roleId: person.roleId },
    });
  });
  return null;
}

export async function setResponsibleAccountant(
  db: Db,
  principal: Principal,
  body: RouteInput<typeof Api.setResponsibleAccountant>['body'],
) {
  const company = await requireCompanyAccess(db, principal.userId, body.companyId);
  if (body.userId !== null) {
    const person = await requireCompanyUser(db, body.companyId, body.userId);
    if (!ACCOUNTANT_ROLE_IDS.includes(person.roleId) && !isAdminRole(person.roleId))
      throw Errors.invalid('responsibleMustKeepBooks');
  }
  await db.transaction(async (tx) => {
    await repository.setResponsibleAccountant(tx, body.companyId, body.userId);
    await writeAudit(tx, {
      companyId: company.Id,
      userId: principal.userId,
      entity: 'company',
      entityId: company.Id,
      action: 'responsible-accountant',
      after: { userId: body.userId },
    });
  });
  return null;
}

export async function getCompanyOwner(db: Db, principal: Principal, companyId: number) {
  await requireCompanyAccess(db, principal.userId, companyId);
  const owner = await repository.findCompanyOwner(db, companyId);
  return owner ? { Id: owner.id, FullName: owner.fullName, Email: owner.email } : null;
}

export async function findUsers(
  db: Db,
  principal: Principal,
  query: RouteInput<typeof Api.findUsers>['query'],
) {
  const people = await repository.findPeople(db, {
    callerId: principal.userId,
    everyone: isAdminRole(principal.roleId),
    keyword: query.keyword,
    limit: query.limit,
  });
  return {
    rows: people.map((person) => ({
      Id: person.id,
      FullName: person.fullName,
      Email: person.email,
      RoleId: person.roleId,
    })),
  };
}

export async function listAccountants(
  db: Db,
  principal: Principal,
  query: RouteInput<typeof Api.listAccountants>['query'],
) {
  const memberships = await repository.listAccountantCompanies(db, {
    callerId: principal.userId,
    everyone: isAdminRole(principal.roleId),
    roleIds: ACCOUNTANT_ROLE_IDS,
    responsibleOnly: query.responsibleOnly,
  });
  const byUser = new Map<number, Accountant>();
  for (const membership of memberships) {
    const accountant = byUser.get(membership.userId) ?? {
      Id: membership.userId,
      FullName: membership.fullName,
      Email: membership.email,
      RoleId: membership.roleId,
      Companies: [],
    };
    accountant.Companies.push({
      CompanyId: membership.companyId,
      Name: membership.companyName,
      Alias: membership.alias,
      IsResponsible: membership.isResponsible,
    });
    byUser.set(membership.userId, accountant);
  }
  const rows = [...byUser.values()];
  return { rows, total: rows.length };
}

/** Makes the invitation's link secret, keeps its hash, and sends the link; sending again replaces the secret. */
export async function sendInvitationMail(
  db: Db,
  mail: MailClient,
  publicUrl: string,
  invitationId: number,
  now: Date,
): Promise<void> {
  const invitation = await repository.findInvitationById(db, invitationId);
  if (!invitation || invitation.acceptedAt) return;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * 24 * 60 * 60_000);
  if (
    !(await repository.recordInvitationSent(db, invitationId, {
      tokenHash: hashToken(token),
      sentAt: now,
      expiresAt,
    }))
  )
    return;
  const language = normalizeLanguage(invitation.language);
  const params = {
    name: invitation.fullName,
    inviter: invitation.invitedBy,
    company: invitation.companyName,
    link: `${publicUrl}/invitation#${token}`,
    days: INVITATION_VALID_DAYS,
  };
  await mail.send({
    to: invitation.email,
    subject: translate(language, 'invitationMailSubject', params),
    text: translate(language, 'invitationMailText', params),
  });
}

async function requireOpenInvitation(db: Db, token: string, now: Date) {
  const invitation = await repository.findInvitationByTokenHash(db, hashToken(token));
  if (!invitation || invitation.acceptedAt) throw Errors.notFound('invitationNotFound');
  if (!invitation.expiresAt || invitation.expiresAt <= now) throw Errors.conflict('invitationExpired');
  return invitation;
}

export async function getInvitation(db: Db, token: string, now = new Date()) {
  const invitation = await requireOpenInvitation(db, token, now);
  return {
    Email: invitation.email,
    FullName: invitation.fullName,
    CompanyName: invitation.companyName,
    InvitedBy: invitation.invitedBy,
    ExpiresAt: (invitation.expiresAt ?? now).toISOString(),
  };
}

export async function acceptInvitation(
  db: Db,
  body: RouteInput<typeof Api.acceptInvitation>['body'],
  now = new Date(),
) {
  const invitation = await requireOpenInvitation(db, body.token, now);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await repository.acceptInvitationsOfUser(tx, invitation.userId, passwordHash, now);
    await writeAudit(tx, {
      companyId: invitation.companyId,
      userId: invitation.userId,
      entity: 'user',
      entityId: invitation.userId,
      action: 'invitation-accepted',
    });
  });
  return { Email: invitation.email };
}
