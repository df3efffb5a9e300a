export { makeRecurringTasks, RECURRING_TASKS_JOB, taskJobs } from './recurring-tasks';
export { taskRoutes } from './task.routes';
