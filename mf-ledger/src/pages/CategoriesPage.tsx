import '../ledger.css';
import { CategoryManager } from '../categories/CategoryManager';

/** /categories: "Manage Your Categories" (docs/rules/screens.md). */
export default function CategoriesPage() {
  return (
    <section className="hf-page ledger-page">
      <h1 className="hf-page__title">Manage Your Categories</h1>
      <CategoryManager />
    </section>
  );
}
