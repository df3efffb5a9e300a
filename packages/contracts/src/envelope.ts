import { z } from 'zod';

/**
 * Every reply of the API carries this envelope. Both `isSuccess` and `success` are set because the
 * catalogue's account service reads the first and the task and consent services read the second.
 */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    isSuccess: z.boolean(),
    success: z.boolean(),
    message: z.string(),
    code: z.string().optional(),
    data,
  });
}

export const ErrorReply = z.object({
  isSuccess: z.literal(false),
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  errorType: z.string().optional(),
  data: z.unknown().optional(),
});
export type ErrorReply = z.infer<typeof ErrorReply>;

export const EmptyData = z.null();
