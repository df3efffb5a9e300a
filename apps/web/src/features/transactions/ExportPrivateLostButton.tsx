import { exportPrivateLost } from '@bilag/contracts';
import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadBlob, saveBlob } from '../../app/api/download';
import { toastFailure } from '../../ui/toast';

type ExportPrivateLostButtonProps = {
  companyId: number;
  companyBankId: number;
  year: number | undefined;
};

/** The private and lost transactions of the year as a PDF, for the accountant's year-end file. */
export function ExportPrivateLostButton({ companyId, companyBankId, year }: ExportPrivateLostButtonProps) {
  const { t } = useTranslation();
  const exportPdf = useMutation({
    mutationFn: () => downloadBlob(exportPrivateLost, { query: { companyId, companyBankId, year } }),
    onSuccess: (pdf) => saveBlob(pdf, t('bankTransactions.export.fileName', { year: year ?? '' })),
    onError: toastFailure,
  });
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={18} aria-hidden />}
      onClick={() => exportPdf.mutate()}
      loading={exportPdf.isPending}
      disabled={year === undefined}
      data-testid="export-private-lost"
    >
      {t('bankTransactions.export.button')}
    </Button>
  );
}
