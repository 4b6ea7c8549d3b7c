// What other features use of moderation.
export { ReportDialog } from './components/report-dialog';
