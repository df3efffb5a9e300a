import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import qs from 'qs';

export type UploadedFile = { fieldName: string; fileName: string; mimeType: string; bytes: Buffer };

const filesByRequest = new WeakMap<FastifyRequest, UploadedFile[]>();

/** The files of a multipart request, read and size-checked before the handler runs. */
export function uploadedFiles(request: FastifyRequest): UploadedFile[] {
  return filesByRequest.get(request) ?? [];
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
    if (request.isMultipart()) request.body = await readMultipart(request);
  });
});
