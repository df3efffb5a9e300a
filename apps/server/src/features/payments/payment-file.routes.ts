import { downloadPaymentExport, exportPain001, importPain002, listPaymentExports } from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { FORM_LIMITS, uploadedFiles } from '../../platform/form-data';
import { registerRoute } from '../../platform/route';
import * as files from './payment-file.service';

type Options = { db: Db };

/** A bank's status report is read whole into memory; the form around it gets a little room. */
const PAIN002_BODY_LIMIT = FORM_LIMITS.maxFileBytes + 64 * 1024;

export async function paymentFileRoutes(app: FastifyInstance, { db }: Options) {
  registerRoute(app, exportPain001, ({ body }, { principal, request }) =>
    files.exportPain001(db, principal, request.language, body),
  );
  registerRoute(app, listPaymentExports, ({ query }, { principal }) =>
    files.listPaymentExports(db, principal, query),
  );
  registerRoute(app, downloadPaymentExport, async ({ params, query }, { principal, reply }) => {
    const file = await files.getPaymentExportFile(db, principal, query.companyId, params.id);
    return reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'private, no-store')
      .send(file.xml);
  });
  registerRoute(
    app,
    importPain002,
    ({ body }, { principal, request }) =>
      files.importPain002(db, principal, request.language, {
        companyId: body.companyId,
        files: uploadedFiles(request),
      }),
    { bodyLimit: PAIN002_BODY_LIMIT },
  );
}
