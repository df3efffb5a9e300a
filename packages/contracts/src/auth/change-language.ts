import { z } from 'zod';
import { envelope } from '../envelope';
import { Language, normalizeLanguage } from '../language';

export const ChangeLanguageRequest = z.object({
  language: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => ['en', 'no', 'gb'].includes(value), { message: 'language must be en, no or gb' })
    .transform((value) => normalizeLanguage(value)),
});
export type ChangeLanguageRequest = z.infer<typeof ChangeLanguageRequest>;
export const ChangeLanguageReply = envelope(z.object({ language: Language }));
export type ChangeLanguageReply = z.infer<typeof ChangeLanguageReply>;
