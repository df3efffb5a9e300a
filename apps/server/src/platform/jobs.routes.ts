import { listJobs, retryJob } from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import * as jobAdmin from './job-admin';
import { registerRoute } from './route';

/** The administrators' view of the background jobs; the platform lets only administrators in. */
export async function jobRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerRoute(app, listJobs, ({ query }) => jobAdmin.listJobs(db, query));
  registerRoute(app, retryJob, ({ params }, { principal }) => jobAdmin.retryJob(db, principal, params.id));
}
