import {
  createVoucherFromEhfDocument,
  downloadEhfDocumentFile,
  getEhfAccessPointUrl,
  getEhfDocument,
  getEhfDocumentOfVoucher,
  getEhfRegistration,
  listEhfDocuments,
  receivePeppolDelivery,
  registerEhfReceiver,
  unregisterEhfReceiver,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { requestLanguage } from '../../platform/language';
import type { ObjectStore } from '../../platform/object-store';
import { registerRoute } from '../../platform/route';
import type { Providers } from '../../providers';
import * as documents from './ehf-document.service';
import { receiveEhfDocument } from './ehf-intake.service';
import * as registration from './ehf-registration.service';
import { refusalError, unknownReceiverError } from './ehf-webhook';

/**
 * Above the 10 MB the access point carries, so an oversized envelope reaches the delivery reader and
 * is refused with its own reason; far beyond it Fastify refuses before reading.
 */
const WEBHOOK_BODY_LIMIT = 12 * 1024 * 1024;

export type EhfRoutesOptions = {
  db: Db;
  store: ObjectStore;
  providers: Providers;
  publicUrl: string;
  accessPointUrl: string;
};

export async function ehfRoutes(app: FastifyInstance, options: EhfRoutesOptions) {
  const { db, store, providers } = options;
  const deps = { db, providers, publicUrl: options.publicUrl, accessPointUrl: options.accessPointUrl };

  // The signature covers the exact bytes, so the envelope is kept as it came, never parsed first.
  for (const type of ['application/xml', 'text/xml']) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
  }

  registerRoute(app, getEhfRegistration, ({ query }, { principal }) =>
    registration.getEhfRegistration(deps, principal, query.companyId),
  );
  registerRoute(app, registerEhfReceiver, ({ body }, { principal }) =>
    registration.registerEhfReceiver(deps, principal, body.companyId),
  );
  registerRoute(app, unregisterEhfReceiver, ({ query }, { principal }) =>
    registration.unregisterEhfReceiver(deps, principal, query.companyId),
  );
  registerRoute(app, getEhfAccessPointUrl, ({ query }, { principal }) =>
    registration.getEhfAccessPoint(deps, principal, query.companyId),
  );

  registerRoute(
    app,
    receivePeppolDelivery,
    async (_input, { request }) => {
      const reading = providers.peppol.readDelivery({
        signatureHeader: headerText(request.headers['sandbox-signature']),
        messageIdHeader: headerText(request.headers['x-peppol-message-id']),
        rawBody: Buffer.isBuffer(request.body) ? request.body : '',
      });
      if (!reading.accepted) {
        request.log.warn({ refusal: reading.refusal }, 'a PEPPOL delivery was refused');
        throw refusalError(reading.refusal);
      }
      const { delivery } = reading;
      const result = await receiveEhfDocument(
        { db, store },
        {
          xml: delivery.document,
          channel: 'ehf',
          receiverOrganisationNumber: delivery.receiver.organisationNumber,
          messageId: delivery.messageId,
        },
      );
      if (result.companyId === null) throw unknownReceiverError();
      return { messageId: delivery.messageId, status: result.status };
    },
    { bodyLimit: WEBHOOK_BODY_LIMIT },
  );

  registerRoute(app, listEhfDocuments, ({ query }, { principal, request }) =>
    documents.listEhfDocuments(db, principal, query, requestLanguage(request)),
  );
  registerRoute(app, getEhfDocument, ({ params, query }, { principal, request }) =>
    documents.getEhfDocument(db, principal, query.companyId, params.id, requestLanguage(request)),
  );
  registerRoute(app, getEhfDocumentOfVoucher, ({ params, query }, { principal, request }) =>
    documents.getEhfDocumentOfVoucher(
      db,
      principal,
      query.companyId,
      params.voucherId,
      requestLanguage(request),
    ),
  );
  registerRoute(app, createVoucherFromEhfDocument, ({ params, body }, { principal, request }) =>
    documents.createVoucherFromEhfDocument(
      db,
      principal,
      { companyId: body.companyId, id: params.id },
      requestLanguage(request),
    ),
  );
  registerRoute(app, downloadEhfDocumentFile, async ({ params, query }, { principal, reply }) => {
    const file = await documents.downloadEhfDocumentFile(db, store, principal, {
      companyId: query.companyId,
      id: params.id,
      fileId: params.fileId,
    });
    return reply
      .type(file.mimeType)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'private, max-age=3600')
      .send(file.bytes);
  });
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
