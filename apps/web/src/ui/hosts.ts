const localHostNames = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** The machine a developer runs the app on; client errors are not reported from there. */
export function isLocalHost(hostname: string = window.location.hostname): boolean {
  return localHostNames.has(hostname) || hostname.endsWith('.localhost');
}
