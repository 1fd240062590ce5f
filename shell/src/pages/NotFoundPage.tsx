import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="hf-page hf-not-found">
      <h1 className="hf-page__title">Page not found</h1>
      <p>The page you are looking for does not exist.</p>
      <p>
        <Link to="/dashboard" className="hf-button hf-button--primary">
          Go to Dashboard
        </Link>
      </p>
    </section>
  );
}
