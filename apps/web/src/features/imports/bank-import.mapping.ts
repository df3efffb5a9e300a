import type { ImportColumnKind, ImportJob, ImportMapping } from '@bilag/contracts';

/** What each column of the file holds, by position; null for a column the import leaves out. */
export type ColumnKinds = readonly (ImportColumnKind | null)[];

/** The choices of the preview step: the column kinds, the header row, and how dates and amounts are written. */
export type MappingChoice = {
  kinds: ColumnKinds;
  /** The 0-based row of the column names; null for a file without one. */
  headerRowIndex: number | null;
  /** Empty: read from the rows. */
  dateFormat: string;
  decimal: ',' | '.' | null;
};

export type MappingProblem = 'missingDate' | 'missingAmount' | 'mixedAmounts';

/** How many columns the file has, as the detected columns and the preview rows show it. */
export function columnCount(job: Pick<ImportJob, 'Columns' | 'PreviewRows'>): number {
  const widest = Math.max(0, ...job.PreviewRows.map((row) => row.Cells.length));
  const lastColumn = Math.max(0, ...job.Columns.map((column) => column.Index + 1));
  return Math.max(widest, lastColumn);
}

/** The layout the server detected, as the starting point of the person's choice. */
export function detectedChoice(
  job: Pick<ImportJob, 'Columns' | 'PreviewRows' | 'HeaderRowIndex'>,
): MappingChoice {
  const kinds = Array.from({ length: columnCount(job) }, (_, index): ImportColumnKind | null => {
    return job.Columns.find((column) => column.Index === index)?.Kind ?? null;
  });
  return { kinds, headerRowIndex: job.HeaderRowIndex, dateFormat: '', decimal: null };
}

/** Gives a column its kind; a kind belongs to one column only, so the column that had it gives it up. */
export function assignKind(
  kinds: ColumnKinds,
  columnIndex: number,
  kind: ImportColumnKind | null,
): ColumnKinds {
  return kinds.map((current, index) => {
    if (index === columnIndex) return kind;
    return kind !== null && current === kind ? null : current;
  });
}

/** What keeps the rows from being read: a date and an amount are needed, and amounts one way only. */
export function mappingProblem(kinds: ColumnKinds): MappingProblem | null {
  if (!kinds.includes('date')) return 'missingDate';
  const hasSigned = kinds.includes('amount');
  const hasInOut = kinds.includes('amountIn') || kinds.includes('amountOut');
  if (!hasSigned && !hasInOut) return 'missingAmount';
  if (hasSigned && hasInOut) return 'mixedAmounts';
  return null;
}

function sameKinds(first: ColumnKinds, second: ColumnKinds): boolean {
  return first.length === second.length && first.every((kind, index) => kind === second[index]);
}

/**
 * The mapping the read and import calls are given. None when the person kept what was detected, so a
 * known bank's layout (its date format, its signs) is read by its template rather than by guesses.
 */
export function buildMapping(choice: MappingChoice, detected: MappingChoice): ImportMapping | undefined {
  const isDetected =
    sameKinds(choice.kinds, detected.kinds) &&
    choice.headerRowIndex === detected.headerRowIndex &&
    choice.dateFormat === '' &&
    choice.decimal === null;
  if (isDetected) return undefined;
  const columns: ImportMapping['columns'] = {};
  choice.kinds.forEach((kind, index) => {
    if (kind !== null) columns[kind] = index;
  });
  return {
    columns,
    headerRowIndex: choice.headerRowIndex,
    ...(choice.dateFormat === '' ? {} : { dateFormat: choice.dateFormat }),
    ...(choice.decimal === null ? {} : { decimal: choice.decimal }),
  };
}
