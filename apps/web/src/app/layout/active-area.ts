/**
 * The area the address is in: the one whose path the address starts with, segment by segment, and of
 * those the longest, so /task/template-global lights up its own entry and not /task's as well.
 */
export function activeAreaPath(areaPaths: readonly string[], pathname: string): string | undefined {
  const matching = areaPaths.filter((path) =>
    path.endsWith('/') ? pathname === path : pathname === path || pathname.startsWith(`${path}/`),
  );
  return matching.sort((first, second) => second.length - first.length)[0];
}
