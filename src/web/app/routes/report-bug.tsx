import { BugReportPage } from '../../features/bug-reports/components/bug-report-page';

/** /report-bug */
export function Component() {
  return <BugReportPage />;
}
