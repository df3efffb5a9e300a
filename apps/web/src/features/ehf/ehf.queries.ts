import {
  downloadEhfDocumentFile,
  type EhfDocumentStatus,
  getEhfAccessPointUrl,
  getEhfDocument,
  getEhfDocumentOfVoucher,
  getEhfRegistration,
  listEhfDocuments,
} from '@bilag/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { downloadBlob } from '../../app/api/download';

export const EHF_DOCUMENTS_PAGE = 20;

/** Query keys and calls of a company's EHF: its registration, the documents it received, their files. */
export const ehfKeys = {
  all: () => ['ehf'] as const,
  company: (companyId: number) => [...ehfKeys.all(), companyId] as const,
  registration: (companyId: number) =>
    queryOptions({
      queryKey: [...ehfKeys.company(companyId), 'registration'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(getEhfRegistration, { query: { companyId }, signal })).data,
    }),
  accessPoint: (companyId: number) =>
    queryOptions({
      queryKey: [...ehfKeys.company(companyId), 'access-point'] as const,
      queryFn: async ({ signal }) =>
        (await api.call(getEhfAccessPointUrl, { query: { companyId }, signal })).data,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  documents: (companyId: number, status: EhfDocumentStatus | undefined, page: number) =>
    queryOptions({
      queryKey: [...ehfKeys.company(companyId), 'documents', status ?? 'all', page] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(listEhfDocuments, {
            query: { companyId, status, page, pagesize: EHF_DOCUMENTS_PAGE },
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
  document: (companyId: number, id: number) =>
    queryOptions({
      queryKey: [...ehfKeys.company(companyId), 'document', id] as const,
      queryFn: async ({ signal }) =>
        (await api.call(getEhfDocument, { params: { id }, query: { companyId }, signal })).data,
    }),
  ofVoucher: (companyId: number, voucherId: number) =>
    queryOptions({
      queryKey: [...ehfKeys.company(companyId), 'voucher', voucherId] as const,
      queryFn: async ({ signal }) =>
        (await api.call(getEhfDocumentOfVoucher, { params: { voucherId }, query: { companyId }, signal }))
          .data,
    }),
  file: (companyId: number, id: number, fileId: number) =>
    queryOptions({
      queryKey: [...ehfKeys.company(companyId), 'file', id, fileId] as const,
      queryFn: ({ signal }) =>
        downloadBlob(downloadEhfDocumentFile, { params: { id, fileId }, query: { companyId } }, signal),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 10 * 60_000,
    }),
};
