import { Card, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { EhfDocumentView } from './EhfDocumentView';
import { ehfKeys } from './ehf.queries';

/** On a voucher made from an EHF document: what the document said. Nothing for other vouchers. */
export function EhfVoucherSection({ companyId, voucherId }: { companyId: number; voucherId: number }) {
  const { t } = useTranslation();
  const document = useQuery(ehfKeys.ofVoucher(companyId, voucherId));
  if (document.isError) return <ErrorAlert error={document.error} title={t('ehf.voucher.loadFailed')} />;
  if (!document.data) return null;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="voucher-ehf-heading"
      data-testid="voucher-ehf"
    >
      <Title order={2} fz="lg" mb="md" id="voucher-ehf-heading">
        {t('ehf.voucher.title')}
      </Title>
      <EhfDocumentView document={document.data} showsPdf={false} />
    </Card>
  );
}
