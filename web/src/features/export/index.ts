// What other features use of the data export.
export { ExportPanel } from './components/export-panel';
