import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Language } from '../language';
import { normalizeLanguage } from '../languages';
import { route } from '../route';

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

export const changeLanguage = route({
  method: 'POST',
  path: `${ApiPrefix.account}/language`,
  access: 'user',
  action: 'language.change',
  body: ChangeLanguageRequest,
  reply: ChangeLanguageReply,
  summary: 'Change the language of the signed-in user',
  tags: ['account'],
});
