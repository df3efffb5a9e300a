import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { EmptyData, envelope } from '../envelope';
import { Id } from '../ids';
import { FILE_REPLY, route } from '../route';
import { Text } from '../text';
import { CurrencyCode, IsoDate, VOUCHER_STATUSES, Voucher, VoucherHistoryEntry } from './voucher';
import { CompanyIdQuery, VoucherIdParams } from './voucher-balances';

const formBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
]);

/** addByWeb: multipart with companyId and one or more files (jpg, png, pdf). */
export const AddVouchersByWebFields = z.object({
  companyId: Id.optional(),
  description: Text.trim().max(2000).optional(),
});
export const AddVouchersByWebReply = envelope(z.array(Voucher));
export type AddVouchersByWebReply = z.infer<typeof AddVouchersByWebReply>;

export const VOUCHER_UPLOAD_LIMITS = {
  maxFileBytes: 20 * 1024 * 1024,
  maxFiles: 20,
  accepted: ['jpg', 'png', 'pdf'] as const,
};

const nullableText = (max: number) => Text.trim().max(max).nullable().optional();

export const UpdateVoucherRequest = z.object({
  companyId: Id.optional(),
  date: IsoDate.nullable().optional(),
  supplierName: nullableText(200),
  amountOre: z.number().int().safe().nullable().optional(),
  currency: CurrencyCode.optional(),
  dueDate: IsoDate.nullable().optional(),
  kid: z
    .string()
    .trim()
    .regex(/^\d{2,25}-?$/, 'A KID has 2 to 25 digits')
    .nullable()
    .optional(),
  accountNumber: nullableText(34),
  description: nullableText(2000),
  labels: z.array(Text.trim().min(1).max(40)).max(20).optional(),
  isPaid: formBoolean.optional(),
  status: z
    .number()
    .int()
    .refine((value) => (VOUCHER_STATUSES as number[]).includes(value), 'Unknown status')
    .optional(),
});
export type UpdateVoucherRequest = z.infer<typeof UpdateVoucherRequest>;
export const VoucherReply = envelope(Voucher);
export type VoucherReply = z.infer<typeof VoucherReply>;

export const VoucherDetail = Voucher.extend({ History: z.array(VoucherHistoryEntry) });
export type VoucherDetail = z.infer<typeof VoucherDetail>;
export const VoucherDetailReply = envelope(VoucherDetail);

export const DeleteVoucherListRequest = z.object({
  companyId: Id.optional(),
  ids: z.array(Id).min(1).max(500),
});
export const DeleteVouchersReply = envelope(z.object({ deleted: z.number().int() }));

/** missing: the voucher of a bank transaction is missing (or the transaction is private), with a note and files. */
export const RegisterMissingFields = z.object({
  companyId: Id.optional(),
  bankTransactionId: Id,
  isPrivate: formBoolean.default(false),
  note: Text.trim().max(2000).optional(),
});
export const MissingRegistration = z.object({
  Id: z.number().int(),
  BankTransactionId: z.number().int(),
  IsPrivate: z.boolean(),
  Note: z.string().nullable(),
  VoucherId: z.number().int().nullable(),
  CreatedAt: z.string(),
});
export const RegisterMissingReply = envelope(MissingRegistration);

export const FileDownloadParams = z.object({ fileId: Id });
export const FileDownloadQuery = z.object({
  companyId: Id.optional(),
  variant: z.enum(['original', 'thumbnail']).default('original'),
});

export const EmptyReply = envelope(EmptyData);

const tags = ['vouchers'];

export const addVouchersByWeb = route({
  method: 'POST',
  path: `${ApiPrefix.main}/voucher/addByWeb`,
  access: 'company',
  action: 'voucher.edit',
  consumes: ['multipart/form-data'],
  body: AddVouchersByWebFields,
  reply: AddVouchersByWebReply,
  summary: 'Upload receipts and invoices (jpg, png, pdf); one voucher per file',
  tags,
});

export const registerMissing = route({
  method: 'POST',
  path: `${ApiPrefix.main}/voucher/missing`,
  access: 'company',
  action: 'voucher.edit',
  consumes: ['multipart/form-data', 'application/json'],
  body: RegisterMissingFields,
  reply: RegisterMissingReply,
  summary: 'Register that the voucher of a bank transaction is missing, or that it is private',
  tags,
});

export const deleteVoucherList = route({
  method: 'POST',
  path: `${ApiPrefix.main}/voucher/delete-list`,
  access: 'company',
  action: 'voucher.edit',
  body: DeleteVoucherListRequest,
  reply: DeleteVouchersReply,
  summary: 'Delete several vouchers (kept for retention, hidden from lists)',
  tags,
});

export const voucherDetail = route({
  method: 'GET',
  path: `${ApiPrefix.main}/voucher/:id`,
  access: 'company',
  action: 'voucher.view',
  params: VoucherIdParams,
  query: CompanyIdQuery,
  reply: VoucherDetailReply,
  summary: 'One voucher with its files and history',
  tags,
});

export const updateVoucher = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/voucher/:id`,
  access: 'company',
  action: 'voucher.edit',
  params: VoucherIdParams,
  body: UpdateVoucherRequest,
  reply: VoucherReply,
  summary: 'Change the fields of a voucher',
  tags,
});

export const deleteVoucher = route({
  method: 'DELETE',
  path: `${ApiPrefix.main}/voucher/:id`,
  access: 'company',
  action: 'voucher.edit',
  params: VoucherIdParams,
  query: CompanyIdQuery,
  reply: DeleteVouchersReply,
  summary: 'Delete a voucher (kept for retention, hidden from lists)',
  tags,
});

export const fileDownload = route({
  method: 'GET',
  path: `${ApiPrefix.main}/file/download/:fileId`,
  access: 'company',
  action: 'voucher.view',
  params: FileDownloadParams,
  query: FileDownloadQuery,
  reply: FILE_REPLY,
  summary: 'A stored file (or its thumbnail), shown inline',
  tags: ['files'],
});
