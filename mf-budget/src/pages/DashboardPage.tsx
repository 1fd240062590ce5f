import '../dashboard/dashboard.css';
import { Dashboard } from '../dashboard/Dashboard';

/** /dashboard (docs/rules/forecast.md): the title, then the widgets, the projection charts and their toggles. */
export default function DashboardPage() {
  return (
    <section className="hf-page">
      <h1 className="hf-page__title">Dashboard</h1>
      <Dashboard />
    </section>
  );
}
