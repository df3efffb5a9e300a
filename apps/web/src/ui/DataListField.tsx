import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a record's details. */
export function DataListField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
