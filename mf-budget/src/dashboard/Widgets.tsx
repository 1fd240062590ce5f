import { formatCurrency, formatDollars } from '@hf/app-kit';
import { envelopeProgress } from '@hf/app-kit/budget/envelopes';
import { jarProgress } from '@hf/app-kit/budget/jars';
import { ProgressBar } from '@hf/ui/progress-bar';
import type { WidgetData } from './api';

/** The widget's month label: the first word of `month_name` ("November 2026" -> "November"). */
export function monthWord(monthName: string): string {
  return monthName.trim().split(/\s+/)[0] ?? '';
}

/**
 * The widget block (docs/rules/forecast.md, "Dashboard"): this month's envelopes ("Everyday Expenses") and
 * the savings jars, each with a progress bar (docs/rules/envelopes-and-jars.md: remaining share with the envelope
 * colours; jar saved / target). Nothing at all when both lists are empty.
 */
export function Widgets({ data }: { data: WidgetData }) {
  // An answer without the lists (an older server) shows no widget rather than breaking the page.
  const envelopes = Array.isArray(data.category_budgets) ? data.category_budgets : [];
  const jars = Array.isArray(data.savings_goals) ? data.savings_goals : [];
  if (envelopes.length === 0 && jars.length === 0) return null;
  const month = monthWord(data.month_name ?? '');
  return (
    <div className="dash-widgets">
      {envelopes.length > 0 && (
        <section className="dash-widget" aria-labelledby="dash-widget-envelopes">
          <h2 id="dash-widget-envelopes" className="dash-widget__title">
            Everyday Expenses ({month})
          </h2>
          <ul className="dash-widget__list">
            {envelopes.map((e) => {
              const progress = envelopeProgress(e);
              return (
                <li key={`${e.account_id}-${e.category_id}`} className="dash-widget__item" data-colour={progress.tone}>
                  <div className="dash-widget__line">
                    <span className="dash-widget__name">{e.category_name}</span>
                    <span className="dash-widget__amount hf-num">{formatCurrency(progress.leftCents)} left</span>
                  </div>
                  <ProgressBar value={progress.share} tone={progress.tone} label={`${e.category_name} remaining`} />
                  <div className="dash-widget__meta">{e.account_name}</div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {jars.length > 0 && (
        <section className="dash-widget" aria-labelledby="dash-widget-jars">
          <h2 id="dash-widget-jars" className="dash-widget__title">
            Savings Jars ({month})
          </h2>
          <ul className="dash-widget__list">
            {jars.map((j) => (
              <li key={j.id} className="dash-widget__item">
                <div className="dash-widget__line">
                  <span className="dash-widget__name">{j.name}</span>
                  <span className="dash-widget__amount hf-num">{formatDollars(j.saved_amount)} saved</span>
                </div>
                <ProgressBar
                  value={jarProgress(j.saved_amount, j.target_amount)}
                  tone="neutral"
                  label={`${j.name} saved`}
                />
                <div className="dash-widget__meta">of {formatDollars(j.target_amount)}</div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
