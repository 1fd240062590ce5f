import { useRouteError } from 'react-router';

/** Last resort for an error in the shell itself (remote pages have their own boundary). */
export function ShellErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <section className="hf-page" role="alert">
      <h1 className="hf-page__title">Something went wrong</h1>
      <p>Please reload the page.</p>
      <button type="button" className="hf-button hf-button--primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </section>
  );
}
