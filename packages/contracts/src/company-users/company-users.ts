import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { EmptyData, envelope } from '../envelope';
import { Id, PageNumber } from '../ids';
import { RoleIdSchema } from '../roles';
import { route } from '../route';
import { Text } from '../text';

const tags = ['company users'];
const base = `${ApiPrefix.main}/companyUsers`;

const CompanyIdQuery = z.object({ companyId: Id });
const Email = z.string().trim().toLowerCase().email().max(254);
const FullName = Text.trim().min(1).max(200);

/** A member of a company, as its people page shows them. */
export const CompanyUser = z.object({
  Id: z.number().int().describe('The user id'),
  FullName: z.string(),
  Email: z.string(),
  RoleId: z.number().int(),
  IsOwner: z.boolean().describe("The company's owner, who cannot be removed from it"),
  IsResponsibleAccountant: z.boolean(),
  /** Invited and not yet signed in with a password of their own. */
  InvitationPending: z.boolean(),
  AddedAt: z.string(),
});
export type CompanyUser = z.infer<typeof CompanyUser>;

export const CompanyUsersQuery = z.object({
  companyId: Id,
  keyword: Text.trim().max(200).optional(),
  pageNumber: PageNumber.default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const CompanyUsersData = z.object({
  rows: z.array(CompanyUser),
  total: z.number().int(),
  /** The roles the caller may give someone they invite; empty when they may not invite. */
  grantableRoleIds: z.array(z.number().int()),
});
export type CompanyUsersData = z.infer<typeof CompanyUsersData>;

export const listCompanyUsers = route({
  method: 'GET',
  path: base,
  access: 'company',
  action: 'users.view',
  query: CompanyUsersQuery,
  reply: envelope(CompanyUsersData),
  summary: "The company's members, with their roles and who is its responsible accountant",
  tags,
});

export const InviteCompanyUserBody = z.object({
  companyId: Id,
  email: Email,
  fullName: FullName.optional(),
  roleId: RoleIdSchema,
  language: z.enum(['en', 'no']).default('no'),
});
export type InviteCompanyUserBody = z.input<typeof InviteCompanyUserBody>;

export const InviteCompanyUserData = z.object({
  user: CompanyUser,
  /** `added`: a person who already had an account, who keeps their role; `invited`: a new account, sent an invitation. */
  outcome: z.enum(['added', 'invited']),
});

export const inviteCompanyUser = route({
  method: 'POST',
  path: base,
  access: 'company',
  action: 'users.edit',
  body: InviteCompanyUserBody,
  reply: envelope(InviteCompanyUserData),
  summary:
    'Add a person to the company by e-mail: an existing user is added, a new one invited to set a password',
  tags,
});

export const CompanyUserParams = z.object({ id: Id });

export const changeCompanyUserRole = route({
  method: 'PUT',
  path: `${base}/:id`,
  access: 'company',
  action: 'roles.edit',
  params: CompanyUserParams,
  body: z.object({ companyId: Id, roleId: RoleIdSchema }),
  reply: envelope(CompanyUser),
  summary:
    "Change a member's role (their role in every company; their sign-ins end so it takes effect at once)",
  tags,
});

export const removeCompanyUser = route({
  method: 'DELETE',
  path: `${base}/:id`,
  access: 'company',
  action: 'users.edit',
  params: CompanyUserParams,
  query: CompanyIdQuery,
  reply: envelope(EmptyData),
  summary: 'Remove a person from the company (their account and other companies stay)',
  tags,
});

export const setResponsibleAccountant = route({
  method: 'PUT',
  path: `${base}/responsible-accountant`,
  access: 'company',
  action: 'users.edit',
  body: z.object({ companyId: Id, userId: Id.nullable() }),
  reply: envelope(EmptyData),
  summary: "Name the member who keeps the company's books (an accountant), or nobody",
  tags,
});

/** A person found by text, among those who share a company with the caller (everyone, for an administrator). */
export const FoundUser = z.object({
  Id: z.number().int(),
  FullName: z.string(),
  Email: z.string(),
  RoleId: z.number().int(),
});

export const findUsers = route({
  method: 'GET',
  path: `${ApiPrefix.main}/users/find`,
  access: 'user',
  action: 'users.view',
  query: z.object({
    keyword: Text.trim().min(1).max(200),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  }),
  reply: envelope(z.object({ rows: z.array(FoundUser) })),
  summary: 'Find people by name or e-mail, among those the caller works with',
  tags,
});

export const ServedCompany = z.object({
  CompanyId: z.number().int(),
  Name: z.string(),
  Alias: z.string(),
  IsResponsible: z.boolean(),
});

export const Accountant = z.object({
  Id: z.number().int(),
  FullName: z.string(),
  Email: z.string(),
  RoleId: z.number().int(),
  /** The companies (among the caller's) the accountant is a member of, and whether they are responsible for each. */
  Companies: z.array(ServedCompany),
});
export type Accountant = z.infer<typeof Accountant>;

export const listAccountants = route({
  method: 'GET',
  path: `${ApiPrefix.main}/users/accountants`,
  access: 'user',
  action: 'users.view',
  query: z.object({
    responsibleOnly: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  }),
  reply: envelope(z.object({ rows: z.array(Accountant), total: z.number().int() })),
  summary:
    "The bureau's accountants with the companies each serves, among the caller's companies (responsibleOnly: the responsible accountants)",
  tags,
});

export const CompanyOwner = z.object({ Id: z.number().int(), FullName: z.string(), Email: z.string() });

export const getCompanyOwner = route({
  method: 'GET',
  path: `${ApiPrefix.main}/company-services/getOwner`,
  access: 'company',
  action: 'users.view',
  query: CompanyIdQuery,
  reply: envelope(CompanyOwner.nullable()),
  summary: "The company's owner, or null when it has none",
  tags,
});
