import { z } from 'zod';

export const HealthReply = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.string()),
});
export type HealthReply = z.infer<typeof HealthReply>;
