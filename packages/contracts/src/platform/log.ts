import { z } from 'zod';
import { EmptyData, envelope } from '../envelope';

/** POST log: the web client reports render failures and other client-side errors. */
export const InsertLogRequest = z.object({
  level: z.enum(['debug', 'info', 'warn', 'error']),
  message: z.string().min(1).max(4000),
  url: z.string().max(2000).optional(),
  stack: z.string().max(8000).optional(),
});
export type InsertLogRequest = z.infer<typeof InsertLogRequest>;
export const InsertLogReply = envelope(EmptyData);
