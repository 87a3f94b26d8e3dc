export { ExportButton } from './ExportButton';
export { buildWorkbook, downloadSpreadsheet, exportFileName, type Sheet } from './spreadsheet';
