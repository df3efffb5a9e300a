import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import qs from 'qs';
import { type AppError, Errors } from './errors';

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

const MULTIPART = 'multipart/form-data';

function mediaType(request: FastifyRequest): string | undefined {
  return request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
}

/** Fastify reads no body on these, whatever their headers say. */
function isBodyless(request: FastifyRequest): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

/** Whether the route's declaration says it takes uploads; only those read multipart bodies. */
function takesUploads(request: FastifyRequest): boolean {
  return request.routeOptions.config.declaration?.consumes?.includes(MULTIPART) ?? false;
}

function declaredLength(request: FastifyRequest): number {
  return Number(request.headers['content-length'] ?? 0);
}

/**
 * A refusal before the body has been read to its end: the client may still be sending, so the
 * connection is closed after the reply instead of being kept for a next request it cannot carry.
 */
function refuse(reply: FastifyReply, error: AppError): AppError {
  reply.header('connection', 'close');
  return error;
}

/** A limit in whole megabytes, as the messages and the web app state it. */
export function megabytesOf(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}

/** 413 naming the limit the body passed, so the person knows how much is taken. */
function bodyTooLarge(reply: FastifyReply, limit: number): AppError {
  return refuse(reply, Errors.tooLarge('payloadTooLarge', { megabytes: megabytesOf(limit) }));
}

/**
 * What a person may upload to the route: the file limit of a route that spools one large file (its body
 * limit only adds room for the form around it), else the limit of the whole body.
 */
function uploadLimitOf(request: FastifyRequest): number {
  return request.routeOptions.config.spoolUploads?.maxFileBytes ?? request.routeOptions.bodyLimit;
}

/** Passes a body through while it stays within `limit` bytes, and fails it with 413 past that. */
function withinLimit(payload: Readable, limit: number, reply: FastifyReply): Readable {
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > limit) callback(bodyTooLarge(reply, limit));
      else callback(null, chunk);
    },
  });
  payload.on('error', (error) => counted.destroy(error));
  return payload.pipe(counted);
}

/**
 * The multipart plugin's refusals of a form past its limits, as 413s that name the limit: one file past
 * the per-file limit (the route's own, or the plugin's) by its name, too many files, too many fields.
 * Anything else comes back as it came.
 */
function withLimitNamed(
  error: unknown,
  reply: FastifyReply,
  options: Parameters<FastifyRequest['parts']>[0],
): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const code: unknown = Reflect.get(error, 'code');
  if (code === 'FST_FILES_LIMIT') {
    return refuse(reply, Errors.tooLarge('tooManyFiles', { max: FORM_LIMITS.maxFiles }));
  }
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return refuse(reply, Errors.tooLarge('tooManyFormFields', { max: FORM_LIMITS.maxFields }));
  }
  if (code !== 'FST_REQ_FILE_TOO_LARGE') return error;
  const part: unknown = Reflect.get(error, 'part');
  const name = typeof part === 'object' && part !== null ? Reflect.get(part, 'filename') : undefined;
  const limit = options?.limits?.fileSize ?? FORM_LIMITS.maxFileBytes;
  return refuse(
    reply,
    Errors.tooLarge('uploadFileTooLarge', {
      name: typeof name === 'string' ? name : '',
      megabytes: megabytesOf(limit),
    }),
  );
}

/**
 * Reads the parts of a multipart body while counting the bytes of the whole body (boundaries and
 * part headers included), and stops reading with 413 once they pass the route's bodyLimit, which
 * Fastify applies only to the bodies it reads itself.
 */
async function readParts(
  request: FastifyRequest,
  reply: FastifyReply,
  onFile: (part: MultipartFile) => Promise<void>,
  options?: Parameters<FastifyRequest['parts']>[0],
): Promise<Record<string, unknown>> {
  const limit = request.routeOptions.bodyLimit;
  const raw = request.raw;
  const fields: [string, string][] = [];
  let received = 0;
  let current: MultipartFile | undefined;
  let stop: (error: AppError) => void = () => {};
  const overLimit = new Promise<never>((_resolve, reject) => {
    stop = reject;
  });
  // The refusal is raised by the loop below; this keeps it from counting as unhandled meanwhile.
  overLimit.catch(() => undefined);
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limit) return;
    raw.off('data', count);
    // Busboy gets nothing more, so neither a file nor a field can grow past the limit in memory.
    raw.unpipe();
    const error = bodyTooLarge(reply, uploadLimitOf(request));
    // A file being read fails with the refusal; between parts the loop below waits on overLimit.
    current?.file.destroy(error);
    stop(error);
  };
  const parts = request.parts(options);
  // Both listeners attach in this tick (the first next() pipes the request into busboy), before
  // the request starts flowing, so the count sees every byte busboy does.
  raw.on('data', count);
  try {
    for (;;) {
      const step = await Promise.race([parts.next(), overLimit]);
      if (step.done) break;
      const part = step.value;
      if (part.type === 'file') {
        current = part;
        await onFile(part);
        current = undefined;
      } else {
        fields.push([part.fieldname, String(part.value)]);
      }
    }
  } catch (error) {
    throw withLimitNamed(error, reply, options);
  } finally {
    raw.off('data', count);
  }
  return nestFormFields(fields);
}

async function spoolMultipart(
  request: FastifyRequest,
  reply: FastifyReply,
  maxFileBytes: number,
): Promise<Record<string, unknown>> {
  const directory = await mkdtemp(path.join(tmpdir(), 'bilag-upload-'));
  const spooled = { directory, files: [] as SpooledFile[] };
  spooledByRequest.set(request, spooled);
  return readParts(
    request,
    reply,
    async (part) => {
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
    },
    { limits: { fileSize: maxFileBytes } },
  );
}

async function readMultipart(request: FastifyRequest, reply: FastifyReply): Promise<Record<string, unknown>> {
  const files: UploadedFile[] = [];
  const fields = await readParts(request, reply, async (part) => {
    const bytes = await part.toBuffer();
    files.push({ fieldName: part.fieldname, fileName: part.filename, mimeType: part.mimetype, bytes });
  });
  filesByRequest.set(request, files);
  return fields;
}

/**
 * POST and PUT accept url-encoded forms as well as JSON (the catalogue's clients send both). Form
 * bodies are nested with qs before validation, so a route validates one shape whichever way it was
 * sent. Multipart is taken only by routes whose declaration consumes it, only from a signed-in
 * caller, and only up to the route's bodyLimit for the whole body; every other body keeps the app's
 * bodyLimit, also on those routes.
 */
export const formDataPlugin = fp(async (app: FastifyInstance) => {
  const defaultBodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024;
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
    { parseAs: 'string', bodyLimit: defaultBodyLimit },
    (_request, body, done) => {
      done(null, nestFormFields(new URLSearchParams(String(body)).entries()));
    },
  );
  // Runs after the sign-in check (onRequest) and before anything reads the body.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.is404 || isBodyless(request)) return payload;
    if (mediaType(request) === MULTIPART) {
      if (!takesUploads(request)) throw refuse(reply, Errors.unsupportedMediaType('unsupportedMediaType'));
      if (declaredLength(request) > request.routeOptions.bodyLimit)
        throw bodyTooLarge(reply, uploadLimitOf(request));
      return payload;
    }
    // An upload route's bodyLimit is sized for its files; its JSON and form bodies get the
    // app's own limit, so a raised limit does not let a 25 MB JSON text into memory.
    if (!takesUploads(request)) return payload;
    if (declaredLength(request) > defaultBodyLimit) throw bodyTooLarge(reply, defaultBodyLimit);
    return withinLimit(payload, defaultBodyLimit, reply);
  });
  app.addHook('preValidation', async (request, reply) => {
    if (request.is404 || !request.isMultipart()) return;
    // preParsing refused these already; this holds should Fastify's idea of multipart differ.
    if (!takesUploads(request)) throw refuse(reply, Errors.unsupportedMediaType('unsupportedMediaType'));
    // Files are read only for a known caller, whatever the route's access says.
    if (!request.principal) throw refuse(reply, Errors.unauthenticated());
    const spool = request.routeOptions.config.spoolUploads;
    request.body = spool
      ? await spoolMultipart(request, reply, spool.maxFileBytes)
      : await readMultipart(request, reply);
  });
  app.addHook('onResponse', async (request) => {
    const spooled = spooledByRequest.get(request);
    if (spooled) await rm(spooled.directory, { recursive: true, force: true });
  });
});
