import { ConsentScaRequest } from '@bilag/contracts';
import { safeAppPath } from './callback-query';

/**
 * What the bank's return from its consent page says (spec §2): status (or sca), instructionId, and
 * optionally pathname and redirect-url. The bank, or anyone with a link, writes it, so the server asks
 * the bank itself where the consent stands; the page only decides which call to make and where to go.
 */
export type ConsentScaQuery = {
  /** The instruction the bank's page approved or not; undefined when missing or not one of ours. */
  instructionId: string | undefined;
  scaStatus: string | undefined;
  /** The status says the person did not approve, so the consent is cancelled, not looked up. */
  isRejection: boolean;
  /** Where to go after the countdown instead of the server's answer: a page of this site only. */
  redirectPath: string | undefined;
};

/** The statuses a bank sends back with a person who left its page without approving. */
const REJECTION =
  /^(rejected|cancel|cancell?ed|failed|failure|error|nok|denied|declined|timeout|timed-?out)$/i;

/**
 * A page of this site to go to: a path of ours, or a full address of our own origin read as its path;
 * any other site is refused, so the address cannot send a person off to a look-alike page.
 */
export function sameSitePath(value: string | null, origin: string): string | undefined {
  if (value === null || value.trim() === '') return undefined;
  const path = safeAppPath(value);
  if (path) return path;
  try {
    const url = new URL(value);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

export function readConsentScaQuery(query: URLSearchParams, origin: string): ConsentScaQuery {
  const scaStatus = (query.get('status') ?? query.get('sca'))?.trim() || undefined;
  const request = ConsentScaRequest.safeParse({ instructionId: query.get('instructionId') ?? undefined });
  return {
    instructionId: request.data?.instructionId,
    scaStatus: scaStatus?.slice(0, 40),
    isRejection: scaStatus !== undefined && REJECTION.test(scaStatus),
    redirectPath:
      sameSitePath(query.get('redirect-url'), origin) ?? sameSitePath(query.get('pathname'), origin),
  };
}
