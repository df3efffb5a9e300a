import { addDays, dueDatesToMake, todayIsoDate } from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudits } from '../../platform/audit';
import type { JobHandlers, JobSchedule } from '../../platform/jobs';
import * as repository from './task.repository';

export const RECURRING_TASKS_JOB = 'tasks.make-recurring';
const HOUR_MS = 60 * 60_000;
/** A run that was missed makes up the periods of at most this many days back. */
const MAKE_UP_DAYS = 31;

/**
 * Makes the tasks of every recurring template whose next period is near (its lead days before it is
 * due), once per company and period however often it runs. Answers how many tasks it made.
 */
export async function makeRecurringTasks(db: Db, now = new Date()): Promise<number> {
  const today = todayIsoDate('Europe/Oslo', now);
  let made = 0;
  for (const template of await repository.listRecurringTemplates(db)) {
    if (!template.recurrence) continue;
    const createdOn = todayIsoDate('Europe/Oslo', template.createdAt);
    // Periods before the template existed are not made up.
    let since = addDays(today, -MAKE_UP_DAYS);
    if (createdOn > since) since = createdOn;
    for (const dueDate of dueDatesToMake(template.recurrence, today, since)) {
      await db.transaction(async (tx) => {
        const tasks = await repository.insertRecurringTasks(tx, template, dueDate);
        await writeAudits(
          tx,
          tasks.map((task) => ({
            companyId: task.companyId,
            userId: null,
            entity: 'task',
            entityId: task.id,
            action: 'create',
            after: { title: template.title, dueDate, templateId: template.id },
          })),
        );
        made += tasks.length;
      });
    }
  }
  return made;
}

export function taskJobs(): { handlers: JobHandlers; schedules: JobSchedule[] } {
  return {
    handlers: {
      [RECURRING_TASKS_JOB]: async (_payload, { db, log }) => {
        const made = await makeRecurringTasks(db);
        if (made > 0) log?.info({ made }, 'made recurring tasks');
        return undefined;
      },
    },
    // Hourly, so a task due tomorrow is there in the morning whenever the process started.
    schedules: [{ name: RECURRING_TASKS_JOB, everyMs: HOUR_MS }],
  };
}
