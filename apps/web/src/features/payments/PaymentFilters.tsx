import { PaymentDateType, PaymentSource } from '@bilag/contracts';
import { Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../ui/FilterBar';
import type { UrlFilter } from '../../ui/url-filter';
import {
  countActivePaymentFilters,
  isRangeIncomplete,
  type PaymentFilterChanges,
  type PaymentListFilter,
} from './payment.filter';
import { dateTypeLabelKeys, paymentSourceLabelKeys } from './payment.format';

type PaymentFiltersProps = {
  definition: UrlFilter<PaymentListFilter>;
  filter: PaymentListFilter;
  onChangeFilter: (changes: PaymentFilterChanges, options?: { isReplacing?: boolean }) => void;
  onResetFilter: () => void;
  accountOptions: { value: string; label: string }[];
  /** Internal transfers are all typed by hand, so they have no source to filter by. */
  hasSource: boolean;
};

export function PaymentFilters({
  definition,
  filter,
  onChangeFilter,
  onResetFilter,
  accountOptions,
  hasSource,
}: PaymentFiltersProps) {
  const { t } = useTranslation();
  const sourceOptions = [
    { value: '-1', label: t('payments.filters.anySource') },
    ...Object.values(PaymentSource).map((source) => ({
      value: String(source),
      label: t(paymentSourceLabelKeys[source]),
    })),
  ];
  const dateTypeOptions = [PaymentDateType.ANY, PaymentDateType.CREATED, PaymentDateType.PAID].map(
    (dateType) => ({ value: String(dateType), label: t(dateTypeLabelKeys[dateType]) }),
  );

  return (
    <Stack gap={4}>
      <FilterBar
        filter={filter}
        onChangeFilter={onChangeFilter}
        onResetFilter={onResetFilter}
        isFiltered={countActivePaymentFilters(definition, filter) > 0}
        texts={{
          label: t('payments.filters.label'),
          keyword: t('payments.filters.keyword'),
          keywordPlaceholder: t('payments.filters.keywordPlaceholder'),
          from: t('payments.filters.from'),
          to: t('payments.filters.to'),
          reset: t('payments.filters.reset'),
        }}
      >
        <Select
          label={t('payments.filters.dateType')}
          data={dateTypeOptions}
          value={String(filter.typeDate === PaymentDateType.DUE_DATE ? PaymentDateType.ANY : filter.typeDate)}
          onChange={(value) => onChangeFilter({ typeDate: Number(value ?? PaymentDateType.ANY) })}
          allowDeselect={false}
          w={150}
          data-testid="filter-date-type"
        />
        {hasSource && (
          <Select
            label={t('payments.filters.source')}
            data={sourceOptions}
            value={String(filter.paymentSource)}
            onChange={(value) => onChangeFilter({ paymentSource: Number(value ?? -1) })}
            allowDeselect={false}
            w={150}
            data-testid="filter-source"
          />
        )}
        <Select
          label={t('payments.filters.account')}
          data={accountOptions}
          value={String(filter.companyBankId)}
          onChange={(value) => onChangeFilter({ companyBankId: Number(value ?? 0) })}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
          data-testid="filter-account"
        />
      </FilterBar>
      {isRangeIncomplete(filter) && (
        <Text size="xs" c="dimmed" data-testid="filter-range-incomplete">
          {t('payments.filters.rangeIncomplete')}
        </Text>
      )}
    </Stack>
  );
}
