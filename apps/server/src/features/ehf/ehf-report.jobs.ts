import type { JobHandlers } from '../../platform/jobs';
import {
  EHF_REPORT_JOB,
  type EhfReportDependencies,
  EhfReportJob,
  runEhfReportJob,
} from './ehf-report.service';

/** The job that makes an EHF report once an administrator asks for it. */
export function ehfReportJobs(deps: EhfReportDependencies): { handlers: JobHandlers } {
  return {
    handlers: {
      [EHF_REPORT_JOB]: async (payload, context) => {
        await runEhfReportJob(deps, EhfReportJob.parse(payload), context);
        return undefined;
      },
    },
  };
}
