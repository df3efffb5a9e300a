import { Task, TaskPage } from '@bilag/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productJobs } from '../../jobs';
import { givenCompany, givenTenantApp, type TenantApp } from '../../test/fixtures';
import { makeRecurringTasks, RECURRING_TASKS_JOB } from './recurring-tasks';
import { GLOBAL_TEMPLATE_COMPANY_ID, taskTemplates } from './task.table';

let context: TenantApp;

beforeAll(async () => {
  context = await givenTenantApp();
});
afterAll(() => context.close());

const vatTerms = { everyMonths: 2, firstDueDate: '2026-02-10', leadDays: 14 };
const APRIL_FIRST = new Date('2026-04-01T06:00:00Z');

/** The template as if made on New Year's Day, so the runs below are months after it. */
async function madeOnNewYearsDay(companyId: number, id: number) {
  await context.db
    .update(taskTemplates)
    .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
    .where(and(eq(taskTemplates.companyId, companyId), eq(taskTemplates.id, id)));
}

async function tasksOf(companyId: number, session = context.session) {
  const response = await context.call('POST', '/api/task/tasks/list', { companyId, status: 'all' }, session);
  expect(response.statusCode, response.body).toBe(200);
  return TaskPage.parse(response.json().data).rows;
}

describe('recurring tasks', () => {
  it("are made once per period, lead days before they are due, with the template's rules", async () => {
    const company = await givenCompany(context.db, { memberIds: [context.user.id] });
    const created = await context.call('POST', '/api/task/templates', {
      companyId: company.id,
      title: 'MVA-melding',
      isRequireNote: true,
      recurrence: vatTerms,
    });
    expect(created.statusCode, created.body).toBe(200);
    await madeOnNewYearsDay(company.id, created.json().data.id);

    expect(await makeRecurringTasks(context.db, new Date('2026-03-20T06:00:00Z'))).toBeGreaterThanOrEqual(0);
    expect(await tasksOf(company.id)).toEqual([]);
    await makeRecurringTasks(context.db, APRIL_FIRST);
    await makeRecurringTasks(context.db, APRIL_FIRST);
    const [task, ...more] = await tasksOf(company.id);
    expect(more).toEqual([]);
    expect(Task.parse(task)).toMatchObject({
      title: 'MVA-melding',
      dueDate: '2026-04-10',
      isRequireNote: true,
      templateId: created.json().data.id,
    });
    expect(task?.createdByName).toBeNull();

    await makeRecurringTasks(context.db, new Date('2026-06-01T06:00:00Z'));
    expect((await tasksOf(company.id)).map((row) => row.dueDate)).toEqual(['2026-06-10', '2026-04-10']);
  });

  it('from a global template, in every active company and none that has ended', async () => {
    const active = await givenCompany(context.db, { memberIds: [context.user.id] });
    const ended = await givenCompany(context.db, { memberIds: [context.user.id], status: 0 });
    const created = await context.call(
      'POST',
      '/api/task/template-global',
      { title: 'Årsoppgjør', recurrence: { everyMonths: 12, firstDueDate: '2026-04-05', leadDays: 30 } },
      context.adminSession,
    );
    expect(created.statusCode, created.body).toBe(200);
    await madeOnNewYearsDay(GLOBAL_TEMPLATE_COMPANY_ID, created.json().data.id);
    await Promise.all([
      makeRecurringTasks(context.db, APRIL_FIRST),
      makeRecurringTasks(context.db, APRIL_FIRST),
    ]);
    expect((await tasksOf(active.id)).filter((row) => row.title === 'Årsoppgjør')).toHaveLength(1);
    expect(await tasksOf(ended.id)).toEqual([]);
    await context.call(
      'DELETE',
      `/api/task/template-global/${created.json().data.id}`,
      undefined,
      context.adminSession,
    );
  });

  it('run as a scheduled job of the product', () => {
    const jobs = productJobs({ db: context.db, providers: {} as never, config: { publicUrl: 'http://x' } });
    expect(Object.keys(jobs.handlers)).toContain(RECURRING_TASKS_JOB);
    expect(jobs.schedules.map((schedule) => schedule.name)).toContain(RECURRING_TASKS_JOB);
  });
});
