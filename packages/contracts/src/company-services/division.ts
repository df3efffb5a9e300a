import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { EmptyData, envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { Text } from '../text';

const tags = ['company services'];
const base = `${ApiPrefix.main}/company-services/division`;

export const DIVISION_LIMITS = {
  nameMax: 200,
  /** Room for an organisation number typed with spaces or dots ("988 077 917"). */
  organisationNumberMax: 20,
  accountsMax: 100,
  perCompany: 500,
} as const;

export const DivisionAccount = z.object({
  companyBankId: z.number().int(),
  accountNumber: z.string(),
  name: z.string().nullable(),
});
export type DivisionAccount = z.infer<typeof DivisionAccount>;

/**
 * A division of the company (a sub-unit in the register of legal entities, with its own organisation
 * number), and the company's bank accounts that belong to it; an account belongs to one division at most.
 */
export const Division = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  /** Nine digits, without spaces. */
  organisationNumber: z.string(),
  accounts: z.array(DivisionAccount),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Division = z.infer<typeof Division>;

/**
 * A division as a person types it. The organisation number is checked by the server (nine digits, the
 * last a MOD11 check digit), which answers which field is wrong in `data.field`.
 */
export const SaveDivisionRequest = z.object({
  companyId: Id,
  name: Text.trim().min(1).max(DIVISION_LIMITS.nameMax),
  organisationNumber: Text.trim().min(1).max(DIVISION_LIMITS.organisationNumberMax),
  /** The company's accounts (company bank ids) that belong to the division. */
  companyBankIds: z.array(Id).max(DIVISION_LIMITS.accountsMax).default([]),
});
export type SaveDivisionRequest = z.infer<typeof SaveDivisionRequest>;

const CompanyQuery = z.object({ companyId: Id });
const DivisionParams = z.object({ id: Id });

export const listDivisions = route({
  method: 'GET',
  path: base,
  access: 'company',
  action: 'services.view',
  query: CompanyQuery,
  reply: envelope(z.array(Division)),
  summary: "The company's divisions, by name, each with its bank accounts",
  tags,
});

export const divisionByOrganisationNumber = route({
  method: 'GET',
  path: `${base}/get-by-org`,
  access: 'company',
  action: 'services.view',
  query: CompanyQuery.extend({
    organisationNumber: Text.trim().min(1).max(DIVISION_LIMITS.organisationNumberMax),
  }),
  reply: envelope(Division),
  summary: 'The division of the company with an organisation number (404 when it has none)',
  tags,
});

export const addDivision = route({
  method: 'POST',
  path: `${base}/add`,
  access: 'company',
  action: 'setting.edit',
  body: SaveDivisionRequest,
  reply: envelope(Division),
  summary: 'Add a division with its organisation number and the bank accounts that belong to it',
  tags,
});

export const updateDivision = route({
  method: 'PUT',
  path: `${base}/update/:id`,
  access: 'company',
  action: 'setting.edit',
  params: DivisionParams,
  body: SaveDivisionRequest,
  reply: envelope(Division),
  summary: "Change a division's name, organisation number or bank accounts",
  tags,
});

export const deleteDivision = route({
  method: 'DELETE',
  path: `${base}/delete/:id`,
  access: 'company',
  action: 'setting.edit',
  params: DivisionParams,
  query: CompanyQuery,
  reply: envelope(EmptyData),
  summary: 'Delete a division; its bank accounts stay with the company',
  tags,
});
