import '../planner/planner.css';
import { BudgetPlanner } from '../planner/BudgetPlanner';

/** /budget (spec section 2 "Budget Planner"). */
export default function BudgetPage() {
  return (
    <section className="hf-page">
      <h1 className="hf-page__title">Budget Planner</h1>
      <BudgetPlanner />
    </section>
  );
}
