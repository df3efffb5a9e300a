import { Tabs } from '@mantine/core';
import { IconCash, IconTransfer, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';

export type PaymentListKind = 'domestic' | 'international' | 'transfers';

const paths: Record<PaymentListKind, string> = {
  domestic: 'payments/payment-list',
  international: 'payments/payment-list/international',
  transfers: 'payments/internal-transfer',
};

/** Domestic payments, international payments and internal transfers are three lists of one area. */
export function PaymentTypeTabs({ current }: { current: PaymentListKind }) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const navigate = useNavigate();
  return (
    <Tabs
      value={current}
      variant="pills"
      onChange={(value) => {
        const kind = (Object.keys(paths) as PaymentListKind[]).find((key) => key === value);
        if (kind && kind !== current) navigate(companyPath(company, paths[kind]));
      }}
    >
      <Tabs.List aria-label={t('payments.types.label')}>
        <Tabs.Tab
          value="domestic"
          leftSection={<IconCash size={16} aria-hidden />}
          data-testid="type-domestic"
        >
          {t('payments.types.domestic')}
        </Tabs.Tab>
        <Tabs.Tab
          value="international"
          leftSection={<IconWorld size={16} aria-hidden />}
          data-testid="type-international"
        >
          {t('payments.types.international')}
        </Tabs.Tab>
        <Tabs.Tab
          value="transfers"
          leftSection={<IconTransfer size={16} aria-hidden />}
          data-testid="type-transfers"
        >
          {t('payments.types.transfers')}
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
