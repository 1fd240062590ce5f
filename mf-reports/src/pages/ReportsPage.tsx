import '../reports/reports.css';
import { Reports } from '../reports/Reports';

/** /reports (docs/rules/reports.md). */
export default function ReportsPage() {
  return (
    <section className="hf-page">
      <h1 className="hf-page__title">Reports</h1>
      <Reports />
    </section>
  );
}
