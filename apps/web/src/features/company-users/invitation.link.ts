import { getInvitation } from '@bilag/contracts';

/**
 * The secret of an invitation link, `/invitation#<token>`: it travels after the `#`, which the browser never
 * sends to a server, so it stays out of every log. Anything that is not a token is no invitation.
 */
export function readInvitationToken(hash: string): string | undefined {
  return getInvitation.body.shape.token.safeParse(hash.replace(/^#/, '')).data;
}
