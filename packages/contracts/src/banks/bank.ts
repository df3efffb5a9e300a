import { z } from 'zod';
import { envelope } from '../envelope';
import { AmountOre, CurrencyCode, IsoDate } from '../vouchers/voucher';

const integer = z.coerce.number().int();

/** The bank statement layouts the product can import without a mapping. */
export const AUTO_IMPORT_TEMPLATES = ['dnb', 'sparebank1', 'nordnorge'] as const;
export const AutoImportTemplate = z.enum(AUTO_IMPORT_TEMPLATES);
export type AutoImportTemplate = z.infer<typeof AutoImportTemplate>;

/** Bank groups; the bank-verify flow exists for sparebank1, dnb and handelsbanken. */
export const BANK_GROUPS = ['dnb', 'sparebank1', 'handelsbanken', 'nordea', 'danske', 'other'] as const;
export const BankGroup = z.enum(BANK_GROUPS);
export type BankGroup = z.infer<typeof BankGroup>;

export const BankStatus = { ACTIVE: 0, INACTIVE: 1 } as const;

/** A Norwegian bank of the registry: found from an account number's first four digits. */
export const Bank = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Bic: z.string(),
  BankGroup: BankGroup,
  /** Four-digit bank registration numbers (the start of its account numbers). */
  Prefixes: z.array(z.string()),
  AutoImportTemplate: AutoImportTemplate.nullable(),
  IsAutoImport: z.boolean(),
  Status: z.number().int(),
});
export type Bank = z.infer<typeof Bank>;

export const BankListReply = envelope(z.array(Bank));
export type BankListReply = z.infer<typeof BankListReply>;
export const BankReply = envelope(Bank);
export const NullableBankReply = envelope(Bank.nullable());

export const BankIdParams = z.object({ id: integer.positive() });
export const BySwiftCodeQuery = z.object({ swiftCode: z.string().trim().min(1).max(11) });
export const ByAccountNumberQuery = z.object({ accountNumber: z.string().trim().min(1).max(40) });
export const ByTemplateQuery = z.object({ template: AutoImportTemplate });

const Prefix = z.string().regex(/^\d{4}$/, 'A bank registration number has four digits');
const Bic = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'A BIC has 8 or 11 letters and digits');

/** banks/add and banks/update: admin only. */
export const SaveBankRequest = z.object({
  name: z.string().trim().min(1).max(120),
  bic: Bic,
  bankGroup: BankGroup.default('other'),
  prefixes: z.array(Prefix).max(500).default([]),
});
export type SaveBankRequest = z.infer<typeof SaveBankRequest>;

/** banks/addAutoImport and updateAutoImport: switch a bank's automatic statement import on, with its layout. */
export const SaveAutoImportRequest = z.object({
  bankId: integer.positive(),
  template: AutoImportTemplate,
  isAutoImport: z.boolean().default(true),
});
export type SaveAutoImportRequest = z.infer<typeof SaveAutoImportRequest>;
export const UpdateBankStatusRequest = z.object({ status: z.union([z.literal(0), z.literal(1)]) });

/** A bank account of a company. */
export const CompanyBank = z.object({
  Id: z.number().int(),
  CompanyId: z.number().int(),
  /** 11 digits, without separators; shown 4.2.5. */
  AccountNumber: z.string(),
  Iban: z.string(),
  Name: z.string().nullable(),
  Currency: CurrencyCode,
  BankId: z.number().int().nullable(),
  BankName: z.string().nullable(),
  Bic: z.string().nullable(),
  BankGroup: BankGroup.nullable(),
  IsDefault: z.boolean(),
  Sorting: z.number().int(),
  ServiceStartDate: IsoDate.nullable(),
  ServiceEndDate: IsoDate.nullable(),
  /** The latest closing booked balance known, from a statement, and its date. */
  Balance: AmountOre.nullable(),
  BalanceDate: IsoDate.nullable(),
  TransactionCount: z.number().int(),
  CreatedAt: z.string(),
});
export type CompanyBank = z.infer<typeof CompanyBank>;

export const CompanyBankListReply = envelope(z.array(CompanyBank));
export type CompanyBankListReply = z.infer<typeof CompanyBankListReply>;
export const CompanyBankReply = envelope(CompanyBank);
export const NullableCompanyBankReply = envelope(CompanyBank.nullable());
export const CompanyBankIdParams = z.object({ id: integer.positive() });

export const SaveCompanyBankRequest = z.object({
  companyId: integer.positive().optional(),
  accountNumber: z.string().trim().min(1).max(40),
  name: z.string().trim().max(80).nullable().optional(),
  currency: CurrencyCode.default('NOK'),
  /** Chosen by hand when the registry does not know the account number's bank. */
  bankId: integer.positive().nullable().optional(),
  serviceStartDate: IsoDate.nullable().optional(),
  serviceEndDate: IsoDate.nullable().optional(),
  isDefault: z.boolean().optional(),
});
export type SaveCompanyBankRequest = z.infer<typeof SaveCompanyBankRequest>;

export const SetDefaultAccountRequest = z.object({
  companyId: integer.positive().optional(),
  accountNumber: z.string().trim().min(1).max(40),
});
export const SortCompanyBanksRequest = z.object({
  companyId: integer.positive().optional(),
  /** Every account of the company, in the order wanted. */
  ids: z.array(integer.positive()).min(1).max(200),
});

/** get-setting-bank-accounts: the accounts as settings screens list them. */
export const SettingBankAccount = z.object({
  Id: z.number().int(),
  Type: z.enum(['default', 'other']),
  AccountNumber: z.string(),
  Name: z.string().nullable(),
});
export const SettingBankAccountsReply = envelope(z.array(SettingBankAccount));

export const ServiceDates = z.object({
  Id: z.number().int(),
  ServiceStartDate: IsoDate.nullable(),
  ServiceEndDate: IsoDate.nullable(),
  FirstTransactionDate: IsoDate.nullable(),
  LastTransactionDate: IsoDate.nullable(),
});
export const ServiceDatesReply = envelope(ServiceDates);
export const CompanyIdOnlyQuery = z.object({ companyId: integer.positive().optional() });

export const BALANCE_TYPES = ['CLBD', 'OPBD', 'CLAV', 'ITBD', 'PRCD'] as const;
export const BalanceType = z.enum(BALANCE_TYPES);
/** Where a balance came from: a bank's camt.053 feed or an imported statement file. */
export const BALANCE_SOURCES = ['DNB_53', 'SP1_53', 'CAMT053', 'IMPORT'] as const;
export const BalanceSource = z.enum(BALANCE_SOURCES);

/** The balance query of the spec: one account (or all), a balance type, and the period ibDate–ubDate. */
export const BalanceQuery = z.object({
  companyId: integer.positive().optional(),
  accountNumber: z.string().trim().max(40).optional(),
  balanceType: BalanceType.default('CLBD'),
  ibDate: IsoDate.optional(),
  ubDate: IsoDate.optional(),
  source: BalanceSource.optional(),
});
export type BalanceQuery = z.infer<typeof BalanceQuery>;

export const BalanceEntry = z.object({
  Date: IsoDate,
  Type: z.string(),
  AmountOre: AmountOre,
  Currency: CurrencyCode,
  Source: BalanceSource,
});
export const AccountBalance = z.object({
  CompanyBankId: z.number().int(),
  AccountNumber: z.string(),
  Currency: CurrencyCode,
  /** Opening balance (inngående) at ibDate: the last balance of the type before the period. */
  OpeningOre: AmountOre.nullable(),
  /** Closing balance (utgående) at ubDate: the last balance of the type in the period. */
  ClosingOre: AmountOre.nullable(),
  /** The sum of the account's transactions dated in the period. */
  MovementOre: AmountOre,
  Entries: z.array(BalanceEntry),
});
export type AccountBalance = z.infer<typeof AccountBalance>;
export const AccountBalancesReply = envelope(z.array(AccountBalance));
export type AccountBalancesReply = z.infer<typeof AccountBalancesReply>;

/** companyBankServices/add-update: the period the product serves an account (imports, payments). */
export const SaveBankServiceRequest = z.object({
  companyId: integer.positive().optional(),
  companyBankId: integer.positive(),
  serviceStartDate: IsoDate.nullable(),
  serviceEndDate: IsoDate.nullable(),
});

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
