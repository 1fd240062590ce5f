import { formatCurrency, formatDollars } from '@hf/app-kit';
import { envelopeProgress } from '@hf/app-kit/budget/envelopes';
import { jarProgress } from '@hf/app-kit/budget/jars';
import { ProgressBar } from '@hf/ui/progress-bar';
import type { ReactNode } from 'react';
import type { WidgetData } from './api';

/** The widget's month label: the first word of `month_name` ("November 2026" -> "November"). */
export function monthWord(monthName: string): string {
  return monthName.trim().split(/\s+/)[0] ?? '';
}

/** One widget: its title over its list. */
function WidgetSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="dash-widget" aria-labelledby={id}>
      <h2 id={id} className="dash-widget__title">
        {title}
      </h2>
      <ul className="dash-widget__list">{children}</ul>
    </section>
  );
}

/** A line of a widget: name and amount, the progress bar, and a line under it. */
function WidgetItem(props: { name: string; amount: ReactNode; bar: ReactNode; meta: ReactNode; colour?: string }) {
  return (
    <li className="dash-widget__item" data-colour={props.colour}>
      <div className="dash-widget__line">
        <span className="dash-widget__name">{props.name}</span>
        <span className="dash-widget__amount hf-num">{props.amount}</span>
      </div>
      {props.bar}
      <div className="dash-widget__meta">{props.meta}</div>
    </li>
  );
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
        <WidgetSection id="dash-widget-envelopes" title={<>Everyday Expenses ({month})</>}>
          {envelopes.map((e) => {
            const progress = envelopeProgress(e);
            return (
              <WidgetItem
                key={`${e.account_id}-${e.category_id}`}
                colour={progress.tone}
                name={e.category_name}
                amount={<>{formatCurrency(progress.leftCents)} left</>}
                bar={<ProgressBar value={progress.share} tone={progress.tone} label={`${e.category_name} remaining`} />}
                meta={e.account_name}
              />
            );
          })}
        </WidgetSection>
      )}
      {jars.length > 0 && (
        <WidgetSection id="dash-widget-jars" title={<>Savings Jars ({month})</>}>
          {jars.map((j) => (
            <WidgetItem
              key={j.id}
              name={j.name}
              amount={<>{formatDollars(j.saved_amount)} saved</>}
              bar={
                <ProgressBar
                  value={jarProgress(j.saved_amount, j.target_amount)}
                  tone="neutral"
                  label={`${j.name} saved`}
                />
              }
              meta={<>of {formatDollars(j.target_amount)}</>}
            />
          ))}
        </WidgetSection>
      )}
    </div>
  );
}
