import {
  companyPaymentPackageReceipt,
  listCompanyPaymentPackages,
  listPaymentPackages,
} from '@bilag/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';

/** The catalogue changes seldom; a company's purchases and receipts sit under `company(companyId)`. */
const CATALOGUE_STALE_MS = 5 * 60_000;

export const paymentPackageKeys = {
  all: () => ['payment-packages'] as const,
  catalogue: () =>
    queryOptions({
      queryKey: [...paymentPackageKeys.all(), 'catalogue'] as const,
      queryFn: async ({ signal }) => (await api.call(listPaymentPackages, { query: {}, signal })).data,
      staleTime: CATALOGUE_STALE_MS,
    }),
  company: (companyId: number) => [...paymentPackageKeys.all(), 'company', companyId] as const,
  purchases: (companyId: number) =>
    queryOptions({
      queryKey: [...paymentPackageKeys.company(companyId), 'purchases'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(listCompanyPaymentPackages, { params: { companyId }, signal })).data,
    }),
  receipt: (companyId: number, purchaseId: number) =>
    queryOptions({
      queryKey: [...paymentPackageKeys.company(companyId), 'receipt', purchaseId] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(companyPaymentPackageReceipt, {
            params: { id: purchaseId },
            query: { companyId },
            signal,
          })
        ).data,
    }),
};
