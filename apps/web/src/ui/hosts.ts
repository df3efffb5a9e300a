const localHostNames = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** The machine a developer runs the app on; client errors are not reported from there. */
export function isLocalHost(hostname: string = window.location.hostname): boolean {
  return localHostNames.has(hostname) || hostname.endsWith('.localhost');
}

/** Host names from a comma-separated list, as they compare with `location.hostname`. */
export function parseHostList(list: string | undefined): ReadonlySet<string> {
  return new Set(
    (list ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== ''),
  );
}

/**
 * The development and test deployments, named at build time in VITE_DEVELOPMENT_HOSTS (comma-separated
 * host names), since each environment gets a build of its own.
 */
const configuredDevelopmentHosts = parseHostList(import.meta.env.VITE_DEVELOPMENT_HOSTS);

/** A developer's own machine, or one of the configured development hosts. */
export function isDevelopmentHost(
  hostname: string = window.location.hostname,
  developmentHosts: ReadonlySet<string> = configuredDevelopmentHosts,
): boolean {
  return isLocalHost(hostname) || developmentHosts.has(hostname.toLowerCase());
}
