import {
  bankImports,
  deleteBankImport,
  IMPORT_LIMITS,
  importDataUpload,
  importFileUpload,
  importJob,
  importTransactions,
  readFileUpload,
} from '@bilag/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { spooledFiles } from '../../platform/form-data';
import { requestLanguage } from '../../platform/language';
import type { ObjectStore } from '../../platform/object-store';
import { registerRoute } from '../../platform/route';
import * as imports from './import.service';
import * as history from './import-history.service';
import type { AfterImport, WithinImport } from './import-run.service';

type Options = { db: Db; store: ObjectStore; withinImport: WithinImport; afterImport: AfterImport };

/** Statement uploads are spooled to disk; the body limit is the file limit plus room for the form. */
const statementUpload = {
  bodyLimit: IMPORT_LIMITS.maxFileBytes + 1024 * 1024,
  config: { spoolUploads: { maxFileBytes: IMPORT_LIMITS.maxFileBytes } },
};

function logFailure(request: FastifyRequest) {
  return (error: unknown) => request.log.warn({ err: error }, 'bank import failed');
}

/** Statement imports (under transactions/) and their history (bankImport). */
export async function importRoutes(app: FastifyInstance, { db, store, withinImport, afterImport }: Options) {
  registerRoute(
    app,
    importTransactions,
    ({ body }, { principal, request }) =>
      imports.importFiles(db, store, principal, {
        ...body,
        files: spooledFiles(request),
        language: requestLanguage(request),
        withinImport,
        afterImport,
        log: logFailure(request),
      }),
    statementUpload,
  );
  registerRoute(
    app,
    importFileUpload,
    ({ body }, { principal, request }) =>
      imports.uploadImportFile(db, store, principal, {
        ...body,
        files: spooledFiles(request),
        language: requestLanguage(request),
      }),
    statementUpload,
  );
  registerRoute(app, readFileUpload, ({ body }, { principal }) =>
    imports.readFileUpload(db, store, principal, body),
  );
  registerRoute(app, importDataUpload, ({ body }, { principal, request }) =>
    imports.startImport(db, store, principal, {
      ...body,
      language: requestLanguage(request),
      withinImport,
      afterImport,
      log: logFailure(request),
    }),
  );
  registerRoute(app, importJob, ({ params, query }, { principal }) =>
    imports.getImportJob(db, principal, query.companyId, params.jobId),
  );
  registerRoute(app, bankImports, ({ query }, { principal }) => history.listImports(db, principal, query));
  registerRoute(app, deleteBankImport, ({ params, query }, { principal }) =>
    history.deleteImport(db, store, principal, query.companyId, params.importId),
  );
}
