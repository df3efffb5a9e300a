import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import qs from 'qs';

export type UploadedFile = { fieldName: string; fileName: string; mimeType: string; bytes: Buffer };

/** A large upload written to a temporary file instead of memory; removed when the reply is sent. */
export type SpooledFile = {
  fieldName: string;
  fileName: string;
  mimeType: string;
  path: string;
  size: number;
};

/**
 * Routes that take large files (bank statements) set `config: { spoolUploads: { maxFileBytes } }`:
 * their files go to disk as they arrive, so memory stays bounded whatever the size.
 */
export type SpoolUploadsConfig = { spoolUploads?: { maxFileBytes: number } };

declare module 'fastify' {
  interface FastifyContextConfig extends SpoolUploadsConfig {}
}

const filesByRequest = new WeakMap<FastifyRequest, UploadedFile[]>();
const spooledByRequest = new WeakMap<FastifyRequest, { directory: string; files: SpooledFile[] }>();

/** The files of a multipart request, read and size-checked before the handler runs. */
export function uploadedFiles(request: FastifyRequest): UploadedFile[] {
  return filesByRequest.get(request) ?? [];
}

/** The files of a multipart request on a spooling route, already on disk and size-checked. */
export function spooledFiles(request: FastifyRequest): SpooledFile[] {
  return spooledByRequest.get(request)?.files ?? [];
}

export const FORM_LIMITS = {
  maxDepth: 10,
  maxFields: 1000,
  maxFileBytes: 20 * 1024 * 1024,
  maxFiles: 20,
} as const;

/** Turns flat form keys such as `filter[statuses][0]` into the nested object the JSON body would have been. */
export function nestFormFields(entries: Iterable<[string, string]>): Record<string, unknown> {
  const flat = new URLSearchParams();
  for (const [key, value] of entries) flat.append(key, value);
  return qs.parse(flat.toString(), {
    depth: FORM_LIMITS.maxDepth,
    parameterLimit: FORM_LIMITS.maxFields,
    arrayLimit: FORM_LIMITS.maxFields,
    allowPrototypes: false,
  });
}

async function spoolMultipart(
  request: FastifyRequest,
  maxFileBytes: number,
): Promise<Record<string, unknown>> {
  const fields: [string, string][] = [];
  const directory = await mkdtemp(path.join(tmpdir(), 'bilag-upload-'));
  const spooled = { directory, files: [] as SpooledFile[] };
  spooledByRequest.set(request, spooled);
  for await (const part of request.parts({ limits: { fileSize: maxFileBytes } })) {
    if (part.type === 'file') {
      const target = path.join(directory, randomUUID());
      let size = 0;
      part.file.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      await pipeline(part.file, createWriteStream(target));
      spooled.files.push({
        fieldName: part.fieldname,
        fileName: part.filename,
        mimeType: part.mimetype,
        path: target,
        size,
      });
    } else {
      fields.push([part.fieldname, String(part.value)]);
    }
  }
  return nestFormFields(fields);
}

async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: [string, string][] = [];
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      files.push({ fieldName: part.fieldname, fileName: part.filename, mimeType: part.mimetype, bytes });
    } else {
      fields.push([part.fieldname, String(part.value)]);
    }
  }
  filesByRequest.set(request, files);
  return nestFormFields(fields);
}

/**
 * POST and PUT accept form data as well as JSON (the catalogue's clients send both). Form bodies are
 * nested with qs before validation, so a route validates one shape whichever way it was sent.
 */
export const formDataPlugin = fp(async (app: FastifyInstance) => {
  await app.register(import('@fastify/multipart'), {
    limits: {
      fileSize: FORM_LIMITS.maxFileBytes,
      files: FORM_LIMITS.maxFiles,
      fields: FORM_LIMITS.maxFields,
      fieldSize: 1024 * 1024,
    },
    throwFileSizeLimit: true,
  });
  // Clients send the JSON content type on every call (the catalogue says so), also on a DELETE
  // without a body; an empty JSON body is no body, not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('The body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => {
      done(null, nestFormFields(new URLSearchParams(String(body)).entries()));
    },
  );
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const spool = request.routeOptions.config.spoolUploads;
    request.body = spool ? await spoolMultipart(request, spool.maxFileBytes) : await readMultipart(request);
  });
  app.addHook('onResponse', async (request) => {
    const spooled = spooledByRequest.get(request);
    if (spooled) await rm(spooled.directory, { recursive: true, force: true });
  });
});
