import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { route } from '../route';

const tags = ['account'];

/** The secret of an invitation link: 32 random bytes in base64url. */
const InvitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not an invitation token');

export const InvitationData = z.object({
  Email: z.string(),
  FullName: z.string(),
  CompanyName: z.string(),
  InvitedBy: z.string(),
  ExpiresAt: z.string(),
});
export type InvitationData = z.infer<typeof InvitationData>;

export const getInvitation = route({
  method: 'POST',
  path: `${ApiPrefix.account}/invitations/read`,
  access: 'public',
  body: z.object({ token: InvitationToken }),
  reply: envelope(InvitationData),
  summary: 'What an invitation is for; the token travels in the body, never in a URL the server logs',
  tags,
});

/** At least 10 characters, as for any password a person chooses here; at most what Argon2 is given. */
export const NewPassword = z.string().min(10).max(200);

export const acceptInvitation = route({
  method: 'POST',
  path: `${ApiPrefix.account}/invitations/accept`,
  access: 'public',
  body: z.object({ token: InvitationToken, password: NewPassword }),
  reply: envelope(z.object({ Email: z.string() })),
  summary: 'Set the password of an invited account; the person then signs in with it',
  tags,
});
