import { randomBytes } from 'node:crypto';
import { type LoginData, LoginReply, RoleId } from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { createUser, hashPassword } from '../features/auth';
import { addCompanyUser, createCompany } from '../features/companies';

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
