import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { AutoImportTemplate, BankReply } from './bank';

const tags = ['banks'];

/** banks/addAutoImport and updateAutoImport: switch a bank's automatic statement import on, with its layout. */
export const SaveAutoImportRequest = z.object({
  bankId: Id,
  template: AutoImportTemplate,
  isAutoImport: z.boolean().default(true),
});
export type SaveAutoImportRequest = z.infer<typeof SaveAutoImportRequest>;

/** banks/admin-auto-import and the admin import overview: every company account with its import state. */
export const AutoImportAccount = z.object({
  CompanyBankId: z.number().int(),
  CompanyId: z.number().int(),
  CompanyName: z.string(),
  CompanyAlias: z.string(),
  AccountNumber: z.string(),
  BankName: z.string().nullable(),
  Template: AutoImportTemplate.nullable(),
  IsAutoImport: z.boolean(),
  LastImportAt: z.string().nullable(),
  TransactionCount: z.number().int(),
});
export const AutoImportAccountsReply = envelope(z.array(AutoImportAccount));
export type AutoImportAccount = z.infer<typeof AutoImportAccount>;

export const banksAdminAutoImport = route({
  method: 'GET',
  path: `${ApiPrefix.main}/banks/admin-auto-import`,
  access: 'admin',
  action: 'admin.import.view',
  reply: AutoImportAccountsReply,
  summary: 'Every company account with its bank and import state (administrators)',
  tags,
});

export const addBankAutoImport = route({
  method: 'POST',
  path: `${ApiPrefix.main}/banks/addAutoImport`,
  access: 'admin',
  action: 'admin.banks.edit',
  body: SaveAutoImportRequest,
  reply: BankReply,
  summary: "Switch on a bank's automatic statement import with its template (administrators)",
  tags,
});

export const updateBankAutoImport = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/banks/updateAutoImport`,
  access: 'admin',
  action: 'admin.banks.edit',
  body: SaveAutoImportRequest,
  reply: BankReply,
  summary: "Change a bank's automatic statement import (administrators)",
  tags,
});
