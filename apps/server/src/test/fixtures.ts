import { randomBytes } from 'node:crypto';
import { type LoginData, LoginReply, RoleId } from '@bilag/contracts';
import { accountNumberCheckDigit } from '@bilag/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { createUser, hashPassword } from '../features/auth';
import { addCompanyUser, createCompany } from '../features/companies';
import { createTestApp } from './test-app';

export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;

function unique(prefix: string) {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export async function givenUser(db: Db, options: { roleId?: number; language?: string } = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return createUser(db, {
    email: `${unique('user')}@example.no`,
    fullName: 'Test Person',
    passwordHash: await passwordHash,
    roleId: options.roleId ?? RoleId.ACCOUNTANT,
    ...(options.language ? { language: options.language } : {}),
  });
}

export async function givenCompany(
  db: Db,
  options: {
    memberIds?: number[];
    ownerUserId?: number;
    subscriptionId?: number | null;
    status?: number;
    isSpecial?: boolean;
  } = {},
) {
  const alias = unique('company');
  const company = await createCompany(db, {
    name: `Company ${alias}`,
    alias,
    organisationNumber: '923456783',
    subscriptionId: options.subscriptionId ?? null,
    status: options.status ?? 1,
    isSpecial: options.isSpecial ?? false,
    ownerUserId: options.ownerUserId ?? null,
  });
  for (const userId of options.memberIds ?? []) await addCompanyUser(db, company.id, userId);
  return company;
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
): Promise<LoginData> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/check-login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return LoginReply.parse(response.json()).data;
}

export function bearer(session: LoginData) {
  return { authorization: `Bearer ${session.AccessToken}` };
}

export type MultipartFile = { field: string; name: string; bytes: Uint8Array; type?: string };

/** Encodes fields and files the way a browser's FormData would. */
export async function multipart(fields: Record<string, string>, files: MultipartFile[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(
      file.field,
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** Imports a statement file with the one-step form (`transactions/import`), as the older upload does. */
export async function importInOneStep(
  app: FastifyInstance,
  session: LoginData,
  account: { companyId: number; companyBankId: number },
  file: { name: string; bytes: Uint8Array },
) {
  const body = await multipart(
    { companyId: String(account.companyId), companyBankId: String(account.companyBankId) },
    [{ field: 'files', ...file }],
  );
  return app.inject({
    method: 'POST',
    url: '/api/main/transactions/import',
    headers: { ...bearer(session), ...body.headers },
    payload: body.payload,
  });
}

/** A valid 11-digit account number that starts with the given digits (a bank's registration number). */
export function givenAccountNumber(prefix: string, seed = 0): string {
  for (let serial = seed; ; serial += 1) {
    const firstTen = `${prefix}${String(serial).padStart(10 - prefix.length, '0')}`;
    const check = accountNumberCheckDigit(firstTen);
    if (check !== undefined) return `${firstTen}${check}`;
  }
}

/** A bank account of the company, added through the API. */
export async function givenBankAccount(
  app: FastifyInstance,
  session: LoginData,
  companyId: number,
  accountNumber = givenAccountNumber('1503'),
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/main/company-banks/add',
    headers: bearer(session),
    payload: { companyId, accountNumber },
  });
  if (response.statusCode !== 200) throw new Error(`adding an account failed: ${response.body}`);
  return response.json().data as { Id: number; AccountNumber: string };
}

/** A transaction typed in by hand through the API. */
export async function givenTransaction(
  app: FastifyInstance,
  session: LoginData,
  companyId: number,
  companyBankId: number,
  row: { date?: string; text?: string; amountOre?: number } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/main/transactions/add',
    headers: bearer(session),
    payload: {
      companyId,
      companyBankId,
      date: row.date ?? '2025-03-14',
      text: row.text ?? 'Kortkjøp REMA 1000',
      amountOre: row.amountOre ?? -12_350,
    },
  });
  if (response.statusCode !== 200) throw new Error(`adding a transaction failed: ${response.body}`);
  return response.json().data as { Id: number; Status: number };
}

/** The smallest file the upload checks accept as a PDF. */
export const minimalPdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A voucher uploaded as a PDF and then given its fields, as a person would through the API. */
export async function givenVoucher(
  app: FastifyInstance,
  session: LoginData,
  companyId: number,
  fields: {
    date?: string;
    supplierName?: string;
    amountOre?: number;
    dueDate?: string;
    kid?: string;
  },
): Promise<{ Id: number }> {
  const body = await multipart({ companyId: String(companyId) }, [
    { field: 'files', name: 'faktura.pdf', bytes: minimalPdf, type: 'application/pdf' },
  ]);
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/main/voucher/addByWeb',
    headers: { ...bearer(session), ...body.headers },
    payload: body.payload,
  });
  if (uploaded.statusCode !== 200) throw new Error(`uploading a voucher failed: ${uploaded.body}`);
  const id = uploaded.json().data[0].Id as number;
  const updated = await app.inject({
    method: 'PUT',
    url: `/api/main/voucher/${id}`,
    headers: bearer(session),
    payload: { companyId, ...fields },
  });
  if (updated.statusCode !== 200) throw new Error(`updating a voucher failed: ${updated.body}`);
  return { Id: id };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The cast of a tenancy test: an accountant who is a member of the company, an administrator, and an
 * outsider who is a member of another company only. `call` makes a JSON call as one of them.
 */
export async function givenTenancy(context: { app: FastifyInstance; db: Db }) {
  const user = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT });
  const company = await givenCompany(context.db, { memberIds: [user.id] });
  const admin = await givenUser(context.db, { roleId: RoleId.ADMIN });
  const outsider = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT });
  const outsiderCompany = await givenCompany(context.db, { memberIds: [outsider.id] });
  const session = await login(context.app, user.email);
  const adminSession = await login(context.app, admin.email);
  const outsiderSession = await login(context.app, outsider.email);

  function call(method: HttpMethod, url: string, payload?: object, as: LoginData = session) {
    return context.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  }

  return {
    user,
    companyId: company.id,
    session,
    adminSession,
    outsider,
    outsiderCompanyId: outsiderCompany.id,
    outsiderSession,
    call,
  };
}

/** A test app of its own with the cast of `givenTenancy` in it, for a file of feature tests. */
export async function givenTenantApp() {
  const context = await createTestApp();
  return { ...context, ...(await givenTenancy(context)) };
}
export type TenantApp = Awaited<ReturnType<typeof givenTenantApp>>;
