import type { Company } from '@bilag/contracts';
import { createContext, type ReactNode, useContext } from 'react';

const CurrentCompanyContext = createContext<Company | null>(null);

type CurrentCompanyProviderProps = {
  company: Company;
  children: ReactNode;
};

export function CurrentCompanyProvider({ company, children }: CurrentCompanyProviderProps) {
  return <CurrentCompanyContext.Provider value={company}>{children}</CurrentCompanyContext.Provider>;
}

/** The company of the current /{company}/ route, as the server described it. */
export function useCurrentCompany(): Company {
  const company = useContext(CurrentCompanyContext);
  if (!company) throw new Error('useCurrentCompany is used outside a company route');
  return company;
}
