import type { ThemeColors } from '@hf/app-kit';
import { contrastProblems, MIN_TEXT_CONTRAST } from './contrast';

/** Names the colour pairs of the theme being edited that read below WCAG AA; nothing when all pass. */
export function ContrastWarning({ colors }: { colors: ThemeColors }) {
  const problems = contrastProblems(colors);
  if (problems.length === 0) return null;
  return (
    <section className="hf-settings__panel hf-contrast-warning" aria-labelledby="contrast-warning-heading">
      <h2 id="contrast-warning-heading">Low contrast</h2>
      <p>
        Some text in this theme is hard to read: WCAG AA needs at least {MIN_TEXT_CONTRAST}:1. Change these colours:
      </p>
      <ul>
        {problems.map((p) => (
          <li key={`${p.fg}-${p.bg}`}>
            {p.label}: {p.ratio.toFixed(1)}:1
          </li>
        ))}
      </ul>
    </section>
  );
}
