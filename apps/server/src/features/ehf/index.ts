export { ehfRoutes } from './ehf.routes';
export {
  type EhfIntakeDeps,
  type ReceiveEhfInput,
  type ReceiveEhfResult,
  receiveEhfDocument,
} from './ehf-intake.service';
export { ehfReportJobs } from './ehf-report.jobs';
export { ehfReportRoutes } from './ehf-report.routes';
export { findSpamSupplier, type SpamCheck } from './spam-supplier.repository';
export { spamSupplierRoutes } from './spam-supplier.routes';
