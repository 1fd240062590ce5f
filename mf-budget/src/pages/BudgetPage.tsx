import '../planner/planner.css';
import { BudgetPlanner } from '../planner/BudgetPlanner';

/** /budget (docs/rules/screens.md, "Other screens"). */
export default function BudgetPage() {
  return (
    <section className="hf-page">
      <h1 className="hf-page__title">Budget Planner</h1>
      <BudgetPlanner />
    </section>
  );
}
