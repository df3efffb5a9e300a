import { z } from 'zod';
import { LANGUAGES } from './languages';

export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;
