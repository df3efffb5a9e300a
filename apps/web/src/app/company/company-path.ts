import type { Company } from '@bilag/contracts';

/** Company routes are /{Alias}/…; the alias is the company's URL slug. */
export function companyPath(company: Pick<Company, 'Alias'>, subPath = ''): string {
  return `/${encodeURIComponent(company.Alias)}/${subPath}`;
}
