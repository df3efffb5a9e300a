import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { route } from '../route';
import { Text } from '../text';
import { BankGroup, BankReply, BankStatus } from './bank';
import { BankIdParams } from './find-banks';

const tags = ['banks'];

const Prefix = z.string().regex(/^\d{4}$/, 'A bank registration number has four digits');
const Bic = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'A BIC has 8 or 11 letters and digits');

/** banks/add and banks/update: admin only. */
export const SaveBankRequest = z.object({
  name: Text.trim().min(1).max(120),
  bic: Bic,
  bankGroup: BankGroup.default('other'),
  prefixes: z.array(Prefix).max(500).default([]),
});
export type SaveBankRequest = z.infer<typeof SaveBankRequest>;

export const UpdateBankStatusRequest = z.object({
  status: z.union([z.literal(BankStatus.ACTIVE), z.literal(BankStatus.INACTIVE)]),
});

export const addBank = route({
  method: 'POST',
  path: `${ApiPrefix.main}/banks/add`,
  access: 'admin',
  action: 'admin.banks.edit',
  body: SaveBankRequest,
  reply: BankReply,
  summary: 'Add a bank to the registry (administrators)',
  tags,
});

export const updateBank = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/banks/update/:id`,
  access: 'admin',
  action: 'admin.banks.edit',
  params: BankIdParams,
  body: SaveBankRequest,
  reply: BankReply,
  summary: 'Change a bank of the registry (administrators)',
  tags,
});

export const updateBankStatus = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/banks/updateStatus/:id`,
  access: 'admin',
  action: 'admin.banks.edit',
  params: BankIdParams,
  body: UpdateBankStatusRequest,
  reply: BankReply,
  summary: 'Activate (0) or deactivate (1) a bank (administrators)',
  tags,
});
