import type { Company } from '@bilag/contracts';
import { Alert, Button, Center, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../app/api/errors';
import { companyPath } from '../../app/company/company-path';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { CompanyPicker } from './CompanyPicker';
import { companyKeys } from './company.queries';

type CompanyPickerModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Without a company chosen yet there is nothing to go back to, so the dialog cannot be dismissed. */
  canDismiss: boolean;
  currentCompanyId?: number | undefined;
  footer?: ReactNode;
};

export function CompanyPickerModal({
  opened,
  onClose,
  canDismiss,
  currentCompanyId,
  footer,
}: CompanyPickerModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const companies = useQuery({ ...companyKeys.list(), enabled: opened });

  function onPick(company: Company) {
    onClose();
    navigate(companyPath(company));
  }

  function body() {
    if (companies.isPending) {
      return (
        <Center py="xl">
          <LoadingSpinner size="sm" />
        </Center>
      );
    }
    if (companies.isError) {
      return (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          title={t('companies.loadFailed')}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(companies.error, t('errors.unexpected'))}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void companies.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      );
    }
    if (companies.data.rows.length === 0) {
      return (
        <Text c="dimmed" py="md">
          {t('companies.noCompanies')}
        </Text>
      );
    }
    return (
      <CompanyPicker companies={companies.data.rows} currentCompanyId={currentCompanyId} onPick={onPick} />
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('companies.chooseTitle')}
      size="lg"
      centered
      withCloseButton={canDismiss}
      closeOnEscape={canDismiss}
      closeOnClickOutside={canDismiss}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 650 } }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('companies.chooseDescription')}
        </Text>
        {body()}
        {footer && <Group justify="flex-end">{footer}</Group>}
      </Stack>
    </Modal>
  );
}
