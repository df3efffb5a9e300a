/**
 * exceljs's streaming workbook reader on its own: importing it alone leaves out the writers, the CSV
 * support and the archive library the package's entry loads.
 */
declare module 'exceljs/lib/stream/xlsx/workbook-reader.js' {
  const WorkbookReader: typeof import('exceljs').stream.xlsx.WorkbookReader;
  export default WorkbookReader;
}
