import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { EmptyData, envelope } from '../envelope';
import { route } from '../route';

/**
 * POST log: the web client reports render failures and other client-side errors. Anyone may send it,
 * so every text is bounded: the server writes it to its log as is.
 */
export const InsertLogRequest = z.object({
  level: z.enum(['debug', 'info', 'warn', 'error']),
  message: z.string().min(1).max(4000),
  url: z.string().max(2000).optional(),
  stack: z.string().max(8000).optional(),
});
export type InsertLogRequest = z.infer<typeof InsertLogRequest>;
export const InsertLogReply = envelope(EmptyData);

/** Public: a page that failed before or without a sign-in still reports it. */
export const insertLog = route({
  method: 'POST',
  path: ApiPrefix.log,
  access: 'public',
  body: InsertLogRequest,
  reply: InsertLogReply,
  summary: 'Record a client-side error or event',
  tags: ['log'],
});
