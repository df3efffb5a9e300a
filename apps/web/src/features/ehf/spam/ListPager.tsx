import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type ListPagerProps = {
  total: number;
  page: number;
  pageSize: number;
  onChange: (page: number) => void;
  'data-testid'?: string;
};

/** "1–20 of 45" and the page buttons under a server-paged table; nothing when one page holds it all. */
export function ListPager({ total, page, pageSize, onChange, 'data-testid': testId }: ListPagerProps) {
  const { t } = useTranslation();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('common.showing', { first, last, total })}
      </Text>
      {pageCount > 1 && (
        <Pagination
          total={pageCount}
          value={Math.min(page, pageCount)}
          onChange={onChange}
          size="sm"
          getControlProps={(control) => ({
            'aria-label': control === 'next' ? t('common.nextPage') : t('common.previousPage'),
          })}
        />
      )}
    </Group>
  );
}
