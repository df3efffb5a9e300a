import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { Anchor, Button, Card, Center, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../app/api/errors';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { StatusPage } from '../../app/status/StatusPage';
import { displayTimeZone } from '../../ui/dates';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { EhfVoucherSection } from '../ehf';
import { VoucherTransactionsCard } from '../matching';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import { PaidBadge, StatusBadge } from './VoucherBadges';
import { VoucherBalancesCard } from './VoucherBalancesCard';
import { VoucherEditForm } from './VoucherEditForm';
import { VoucherFilePreview } from './VoucherFilePreview';
import { VoucherHistory } from './VoucherHistory';
import { VoucherPaymentCard } from './VoucherPaymentCard';
import { isOverdue, sourceLabelKey } from './voucher.format';
import { useDeleteVouchersMutation } from './voucher.mutations';
import { voucherKeys } from './voucher.queries';

const VoucherIdParam = z.coerce.number().int().positive();
/** The list's filter travels in the navigation state, so going back shows the same list. */
const ListState = z.object({ listSearch: z.string() });

export default function VoucherDetailPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const voucherId = VoucherIdParam.safeParse(params.voucherId).data;
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const detail = useQuery({
    ...voucherKeys.detail(company.Id, voucherId ?? 0),
    enabled: voucherId !== undefined,
  });
  const labels = useQuery(voucherKeys.labels(company.Id));
  const deleteVoucher = useDeleteVouchersMutation(company.Id);
  useDocumentTitle(`${t('vouchers.detail.title', { id: voucherId ?? '' })} – ${company.Name} – Bilag`);

  const listSearch = ListState.safeParse(location.state).data?.listSearch ?? '';
  const listPath = `${companyPath(company, 'voucher')}${listSearch ? `?${listSearch}` : ''}`;

  const isMissing =
    voucherId === undefined || (detail.error instanceof ApiError && detail.error.status === 404);
  if (isMissing) {
    return (
      <StatusPage
        code={t('status.notFoundCode')}
        title={t('vouchers.detail.notFoundTitle')}
        text={t('vouchers.detail.notFoundText')}
        isEmbedded
        homePath={listPath}
      />
    );
  }

  function onConfirmDelete() {
    if (voucherId === undefined) return;
    deleteVoucher.mutate([voucherId], {
      onSuccess: () => {
        setIsConfirmingDelete(false);
        navigate(listPath, { replace: true });
      },
    });
  }

  const voucher = detail.data;
  const today = todayIsoDate(displayTimeZone());

  return (
    <Stack gap="lg" maw={1400}>
      <Anchor component={Link} to={listPath} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('vouchers.detail.back')}
        </Group>
      </Anchor>

      {detail.isError ? (
        <ErrorAlert error={detail.error} title={t('vouchers.detail.loadFailed')} />
      ) : !voucher ? (
        <Center py="xl">
          <LoadingSpinner size="sm" />
        </Center>
      ) : (
        <>
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={4}>
              <Group gap="sm" align="center">
                <Title order={1} fz={28} data-testid="voucher-title">
                  {t('vouchers.detail.title', { id: voucher.Id })}
                </Title>
                <StatusBadge status={voucher.Status} />
                <PaidBadge
                  isPaid={voucher.IsPaid}
                  isOverdue={isOverdue(voucher.DueDate, voucher.IsPaid, today)}
                />
              </Group>
              <Text size="sm" c="dimmed">
                {t('vouchers.detail.meta', { source: t(sourceLabelKey(voucher.Source)) })}
              </Text>
            </Stack>
            <Button
              color="red"
              variant="subtle"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setIsConfirmingDelete(true)}
              data-testid="delete-voucher"
            >
              {t('vouchers.detail.delete')}
            </Button>
          </Group>

          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Card withBorder radius="lg" padding="md" pos="sticky" top={76}>
                <VoucherFilePreview companyId={company.Id} files={voucher.Files} />
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Stack gap="lg">
                <Card
                  withBorder
                  radius="lg"
                  padding="lg"
                  component="section"
                  aria-labelledby="voucher-form-heading"
                >
                  <Title order={2} fz="lg" mb="md" id="voucher-form-heading">
                    {t('vouchers.form.title')}
                  </Title>
                  <VoucherEditForm
                    key={voucher.UpdatedAt}
                    companyId={company.Id}
                    voucher={voucher}
                    labelSuggestions={(labels.data ?? []).map((label) => label.Label)}
                  />
                </Card>
                <EhfVoucherSection companyId={company.Id} voucherId={voucher.Id} />
                <VoucherPaymentCard
                  companyId={company.Id}
                  voucher={voucher}
                  paymentListPath={companyPath(company, 'payments/payment-list')}
                />
                <VoucherBalancesCard companyId={company.Id} voucher={voucher} />
                <VoucherTransactionsCard companyId={company.Id} voucherId={voucher.Id} />
                <VoucherHistory entries={voucher.History} />
              </Stack>
            </Grid.Col>
          </Grid>

          <ConfirmDeleteModal
            opened={isConfirmingDelete}
            count={1}
            isDeleting={deleteVoucher.isPending}
            onCancel={() => setIsConfirmingDelete(false)}
            onConfirm={onConfirmDelete}
          />
        </>
      )}
    </Stack>
  );
}
