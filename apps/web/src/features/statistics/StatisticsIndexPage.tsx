import { STATISTIC_LIMITS } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  type Icon,
  IconAlertCircle,
  IconArrowRight,
  IconChartAreaLine,
  IconChartDonut,
  IconChartHistogram,
  IconChartLine,
  IconReceiptTax,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { useLanguage } from '../../i18n/useLanguage';
import { formatMoney } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { formatCount } from './statistic.format';
import { statisticKeys } from './statistic.queries';

type StatisticCardProps = {
  id: string;
  path: string;
  title: string;
  icon: Icon;
  color: string;
  /** Undefined while it loads. */
  headline: string | undefined;
  unit: string;
  isFailed: boolean;
  isAlarming?: boolean;
};

function StatisticCard({
  id,
  path,
  title,
  icon: CardIcon,
  color,
  headline,
  unit,
  isFailed,
  isAlarming,
}: StatisticCardProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  return (
    <Card
      component={Link}
      to={companyPath(company, path)}
      withBorder
      radius="lg"
      padding="lg"
      data-testid={`statistic-card-${id}`}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} fz="md">
            {title}
          </Title>
          <ThemeIcon variant="light" color={color} size={36} radius="md">
            <CardIcon size={20} stroke={1.7} aria-hidden />
          </ThemeIcon>
        </Group>
        {isFailed ? (
          <Group gap={6} c="red.9">
            <IconAlertCircle size={18} aria-hidden />
            <Text size="sm">{t('statistics.loadFailed')}</Text>
          </Group>
        ) : headline === undefined ? (
          <Skeleton h={36} w="60%" />
        ) : (
          <Text
            fz={32}
            fw={800}
            lh={1.1}
            c={isAlarming ? 'red.9' : `${color}.8`}
            data-testid="statistic-headline"
          >
            {headline}
          </Text>
        )}
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {unit}
        </Text>
        <Group gap={4} c="brand.8">
          <Text size="sm" fw={600}>
            {t('statistics.index.open')}
          </Text>
          <IconArrowRight size={16} aria-hidden />
        </Group>
      </Stack>
    </Card>
  );
}

/** /{company}/statistics: a card per statistic with its headline number, each opening its page. */
export default function StatisticsIndexPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const company = useCurrentCompany();
  useDocumentTitle(`${t('statistics.index.title')} – ${company.Name} – Bilag`);
  const thisYear = Number(todayIsoDate().slice(0, 4));
  const vouchers = useQuery(statisticKeys.voucher(company.Id, {}));
  const bank = useQuery(statisticKeys.bank(company.Id, {}));
  const payments = useQuery(statisticKeys.payment(company.Id, {}));
  const vat = useQuery(statisticKeys.vat(company.Id, thisYear));
  const consents = useQuery(statisticKeys.consent(company.Id));
  const count = (value: number | undefined) =>
    value === undefined ? undefined : formatCount(value, language);

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('statistics.index.title')} subtitle={t('statistics.index.subtitle')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <StatisticCard
          id="voucher"
          path="statistic/voucher"
          title={t('nav.statisticVouchers')}
          icon={IconChartHistogram}
          color="brand"
          headline={count(vouchers.data?.total.count)}
          unit={t('statistics.index.voucher.unit')}
          isFailed={vouchers.isError}
        />
        <StatisticCard
          id="bank"
          path="statistic/bank"
          title={t('nav.statisticBank')}
          icon={IconChartLine}
          color="orange"
          headline={count(bank.data?.total.unexplainedCount)}
          unit={t('statistics.index.bank.unit')}
          isFailed={bank.isError}
        />
        <StatisticCard
          id="payment"
          path="statistic/payment"
          title={t('nav.statisticPayments')}
          icon={IconChartAreaLine}
          color="blue"
          headline={count(payments.data?.counter.totalFailed)}
          unit={t('statistics.index.payment.unit')}
          isFailed={payments.isError}
          isAlarming={(payments.data?.counter.totalFailed ?? 0) > 0}
        />
        <StatisticCard
          id="vat"
          path="statistic/mva"
          title={t('nav.statisticVat')}
          icon={IconReceiptTax}
          color="grape"
          headline={vat.data ? formatMoney(vat.data.taxOre, 'NOK') : undefined}
          unit={t('statistics.index.vat.unit', { year: thisYear })}
          isFailed={vat.isError}
        />
        <StatisticCard
          id="consent"
          path="statistic/ztl"
          title={t('nav.statisticConsents')}
          icon={IconChartDonut}
          color="green"
          headline={count(consents.data?.expiringSoon)}
          unit={t('statistics.index.consent.unit', { days: STATISTIC_LIMITS.expiringSoonDays })}
          isFailed={consents.isError}
          isAlarming={(consents.data?.expiringSoon ?? 0) > 0}
        />
      </SimpleGrid>
    </Stack>
  );
}
