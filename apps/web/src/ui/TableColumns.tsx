import { Fragment, type ReactNode } from 'react';

/** One column of a table, defined once for every list that shows it: its header cell and its cells. */
export type TableColumn<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
};

export function HeaderCells<Row>({ columns }: { columns: readonly TableColumn<Row>[] }) {
  return columns.map((column) => <Fragment key={column.key}>{column.header}</Fragment>);
}

export function RowCells<Row>({ columns, row }: { columns: readonly TableColumn<Row>[]; row: Row }) {
  return columns.map((column) => <Fragment key={column.key}>{column.cell(row)}</Fragment>);
}
