import {
  downloadEhfReport,
  ehfReport,
  generateEhfReport,
  listEhfReports,
  sendEhfReport,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../platform/language';
import { registerRoute } from '../../platform/route';
import * as reports from './ehf-report.service';

/** The EHF end-user and transaction reports (administrators). */
export async function ehfReportRoutes(app: FastifyInstance, deps: reports.EhfReportDependencies) {
  const { db } = deps;
  registerRoute(app, listEhfReports, ({ query }, { request }) =>
    reports.listEhfReports(db, query, requestLanguage(request)),
  );
  registerRoute(app, generateEhfReport, ({ body }, { principal, request }) =>
    reports.generateEhfReport(db, principal, body, requestLanguage(request)),
  );
  registerRoute(app, ehfReport, ({ params }, { request }) =>
    reports.getEhfReport(db, params.id, requestLanguage(request)),
  );
  registerRoute(app, downloadEhfReport, async ({ params }, { reply }) => {
    const file = await reports.readEhfReportFile(deps, params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.content);
  });
  registerRoute(app, sendEhfReport, ({ params, body }, { principal, request }) =>
    reports.sendEhfReport(deps, principal, params.id, body.email, requestLanguage(request)),
  );
}
