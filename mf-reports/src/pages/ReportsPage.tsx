/**
 * /reports (spec section 2). Minimal first version: the title; the Spending/Income report,
 * its filters and the drill-down come with the reports issue.
 */
export default function ReportsPage() {
  return (
    <section className="hf-page">
      <h1 className="hf-page__title">Reports</h1>
    </section>
  );
}
