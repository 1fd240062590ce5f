import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../product';

interface Faq {
  question: string;
  answer: ReactNode;
}

/** The four help statements of docs/rules/screens.md, word for word. */
export const HELP_STATEMENTS = [
  'Scheduled income and bills drive a 12-month forecast.',
  'Everyday Envelopes are variable monthly category budgets.',
  'The Predictables are fixed recurring income and bills.',
  'Editing an amount in the Predictables grid fills it forward to future months.',
] as const;

const FAQS: Faq[] = [
  {
    question: 'How is my forecast made?',
    answer: (
      <>
        {HELP_STATEMENTS[0]} The <Link to="/dashboard">Dashboard</Link> projects each account&apos;s balance, and your
        net worth, 12 months ahead.
      </>
    ),
  },
  {
    question: 'What are Everyday Envelopes?',
    answer: (
      <>
        {HELP_STATEMENTS[1]} Set an amount per category for a month on the <Link to="/budget">Budget</Link> page; what
        you have not spent can roll over into the next month.
      </>
    ),
  },
  {
    question: 'What are The Predictables?',
    answer: (
      <>
        {HELP_STATEMENTS[2]} Add them as Planned Deposits and Planned Payments with the day of the month they happen on.
      </>
    ),
  },
  {
    question: 'How do I change a planned amount for the months ahead?',
    answer: <>{HELP_STATEMENTS[3]} Change the month where the new amount starts; earlier months keep their values.</>,
  },
  {
    question: 'Which keys work in the register?',
    answer: (
      <>
        Press Enter in any field of the entry line to save the transaction. In a date field, <kbd>+</kbd> or{' '}
        <kbd>=</kbd> moves one day forward, <kbd>-</kbd> one day back, <kbd>t</kbd> jumps to today, and{' '}
        <kbd>PageUp</kbd> / <kbd>PageDown</kbd> move a month. Dates can be typed as M/d, M/d/yy or M/d/yyyy. Typing
        another account&apos;s name as the payee makes the entry a transfer. <kbd>Tab</kbd> from the entry line reaches
        the transactions (<kbd>Shift</kbd>+<kbd>Tab</kbd> goes back), and so do <kbd>Up</kbd> and <kbd>Down</kbd> from
        its date field. On a transaction, the arrow keys move to the next or previous one, <kbd>Enter</kbd> edits it and{' '}
        <kbd>Escape</kbd> goes back to the entry line. While editing, <kbd>Enter</kbd> saves and <kbd>Escape</kbd>{' '}
        cancels; the transaction keeps the focus afterwards.
      </>
    ),
  },
  {
    question: 'How does clearing mode work?',
    answer: (
      <>
        In clearing mode, press <kbd>p</kbd> to mark a transaction pending, <kbd>x</kbd> to mark it cleared, and{' '}
        <kbd>Delete</kbd> or <kbd>Backspace</kbd> to clear its status. The arrow keys and <kbd>Enter</kbd> move between
        rows (<kbd>Shift</kbd>+<kbd>Enter</kbd> goes up); <kbd>Escape</kbd> or a click outside leaves the mode. Cleared
        transactions are locked until you unlock them.
      </>
    ),
  },
  {
    question: 'How do I import my bank statement?',
    answer: (
      <>
        Open an account&apos;s register and choose Import Transactions. Pick a CSV file, match its columns to date,
        payee and amount (one amount column, or separate debit and credit columns), and save the mapping for next time.
        On the reconcile page, matched transactions are cleared and new ones are added.
      </>
    ),
  },
  {
    question: 'How do I share my budget with my household?',
    answer: (
      <>
        Go to <Link to="/settings/household">Settings → Household</Link> and invite someone by email. Send them the link
        it creates; when they register with it they join your household and see the same accounts and budget.
      </>
    ),
  },
  {
    question: 'Can I change the colours?',
    answer: (
      <>
        Yes. <Link to="/settings/appearance">Settings → Appearance</Link> has the built-in themes Default, Dark Mode and
        Blue Ocean, and lets you pick colours per section and save your own themes.
      </>
    ),
  },
];

export function HelpPage() {
  return (
    <section className="hf-page hf-help">
      <h1 className="hf-page__title">Help</h1>
      <p className="hf-page__subtitle">Answers to common questions about {PRODUCT_NAME}.</p>
      <div className="hf-faq">
        {FAQS.map((faq) => (
          <article key={faq.question} className="hf-card hf-faq__item">
            <h2>{faq.question}</h2>
            <p>{faq.answer}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
