import { SessionUser } from '@bilag/contracts';
import { z } from 'zod';

/** The logged-in user record of the catalogue, kept between visits, encrypted (see session.crypto). */
export const StoredSession = z.object({
  AccessToken: z.string().min(1),
  RefreshToken: z.string().min(1),
  RoleId: z.number().int(),
  User: SessionUser,
});
export type StoredSession = z.infer<typeof StoredSession>;
