export * from './csv';
export {
  CANDIDATE_DATE_FORMATS,
  cellText,
  detectDateFormat,
  detectDecimalSeparator,
  HEADER_SCAN_ROWS,
  isRefusal,
  type ResolvedLayout,
  resolveLayout,
  type SourceInfo,
  StatementRowMapper,
} from './layout';
export * from './read-statement';
export * from './templates';
export * from './types';
export * from './workbook';
