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

/** One problem of a failed v2 call: the product's error code, its message, and the field when one is at fault. */
export const V2Error = z.object({ code: z.string(), message: z.string(), field: z.string().optional() });

/** The reply of a v2 call (route `replyShape: 'v2'`): code is the HTTP status. */
export function v2Reply<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string().optional(), data });
}

export const V2ErrorReply = z.object({
  code: z.number().int(),
  errors: z.array(V2Error),
  message: z.string().optional(),
});
export type V2ErrorReply = z.infer<typeof V2ErrorReply>;
