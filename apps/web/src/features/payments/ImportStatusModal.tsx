import type { PaymentStatusReport } from '@bilag/contracts';
import { Alert, Badge, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconFileCode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { AppModal } from '../../ui/AppModal';
import { DropzoneContent } from '../../ui/DropzoneContent';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { paymentStatusLabelKeys } from './payment.format';
import { useImportPain002Mutation } from './payment.mutations';

/** A bank's status report is a few kilobytes; anything near this is not one. */
const MAX_REPORT_BYTES = 10 * 1024 * 1024;

type ImportStatusModalProps = {
  opened: boolean;
  onClose: () => void;
};

function ReportSummary({ report }: { report: PaymentStatusReport }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="pain002-summary">
      <SimpleGrid cols={3} spacing="sm">
        <Badge size="lg" color="green" variant="light" tt="none" data-testid="pain002-updated">
          {t('payments.import.updated', { count: report.updated.length })}
        </Badge>
        <Badge size="lg" color="gray" variant="light" tt="none" data-testid="pain002-unchanged">
          {t('payments.import.unchanged', { count: report.unchanged.length })}
        </Badge>
        <Badge
          size="lg"
          color={report.unknown.length > 0 ? 'orange' : 'gray'}
          variant="light"
          tt="none"
          data-testid="pain002-unknown"
        >
          {t('payments.import.unknown', { count: report.unknown.length })}
        </Badge>
      </SimpleGrid>
      {report.updated.length > 0 && (
        <List size="sm" spacing={2}>
          {report.updated.map((line) => (
            <List.Item key={line.paymentId}>
              {t('payments.import.updatedLine', {
                id: line.endToEndId,
                bankStatus: line.bankStatus,
                status: t(paymentStatusLabelKeys[line.status]),
              })}
              {line.reason && (
                <Text span size="sm" c="red.8">
                  {' '}
                  – {line.reason}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
      {report.unchanged.length > 0 && (
        <List size="sm" spacing={2} c="dimmed">
          {report.unchanged.map((line) => (
            <List.Item key={line.paymentId}>{`${line.endToEndId}: ${line.message}`}</List.Item>
          ))}
        </List>
      )}
      {report.unknown.length > 0 && (
        <Alert color="orange" variant="light" title={t('payments.import.unknownTitle')}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {report.unknown
              .map((line) =>
                `${line.endToEndId ?? t('payments.import.noReference')} ${line.bankStatus ?? ''}`.trim(),
              )
              .join(', ')}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

/** Reads the bank's answer (a pain.002 file) and says which payments it changed and which it could not place. */
export function ImportStatusModal({ opened, onClose }: ImportStatusModalProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const importReport = useImportPain002Mutation(company.Id);

  function onClosed() {
    importReport.reset();
    onClose();
  }

  return (
    <AppModal opened={opened} onClose={onClosed} title={t('payments.import.title')} size="lg">
      <Stack gap="md">
        {importReport.data ? (
          <ReportSummary report={importReport.data} />
        ) : (
          <Dropzone
            onDrop={(files) => {
              const [file] = files;
              if (file) importReport.mutate(file);
            }}
            maxFiles={1}
            maxSize={MAX_REPORT_BYTES}
            multiple={false}
            loading={importReport.isPending}
            accept={['application/xml', 'text/xml', '.xml']}
            aria-label={t('payments.import.drop')}
            data-testid="pain002-dropzone"
          >
            <DropzoneContent
              idleIcon={IconFileCode}
              title={t('payments.import.drop')}
              hint={t('payments.import.hint')}
              minHeight={120}
            />
          </Dropzone>
        )}
        {importReport.isError && <ErrorAlert error={importReport.error} data-testid="pain002-failed" />}
        <Group justify="flex-end" gap="sm">
          {importReport.data && (
            <Button variant="default" onClick={() => importReport.reset()}>
              {t('payments.import.another')}
            </Button>
          )}
          <Button onClick={onClosed} data-testid="pain002-close">
            {t('payments.import.close')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
