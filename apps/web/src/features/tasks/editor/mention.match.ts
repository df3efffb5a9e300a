import type { TaskUser } from '@bilag/contracts';

/** How many people the mention list offers at once; typing more of the name narrows it. */
export const MENTION_SUGGESTIONS_SHOWN = 8;

/**
 * The people whose name or e-mail address holds what was typed after the @, names starting with it
 * first, each group in name order.
 */
export function matchMentionUsers(users: readonly TaskUser[], query: string): TaskUser[] {
  const typed = query.trim().toLocaleLowerCase('nb');
  const matches = users.filter(
    (user) =>
      typed === '' ||
      user.fullName.toLocaleLowerCase('nb').includes(typed) ||
      user.email.toLocaleLowerCase('nb').includes(typed),
  );
  const startsWithTyped = (user: TaskUser) =>
    user.fullName
      .toLocaleLowerCase('nb')
      .split(/\s+/)
      .some((word) => word.startsWith(typed));
  return matches
    .sort(
      (first, second) =>
        Number(startsWithTyped(second)) - Number(startsWithTyped(first)) ||
        first.fullName.localeCompare(second.fullName, 'nb'),
    )
    .slice(0, MENTION_SUGGESTIONS_SHOWN);
}
