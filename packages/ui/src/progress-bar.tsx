/**
 * A thin horizontal progress bar (envelopes, savings jars). Styled through style props only
 * (CSSOM, allowed by the CSP), so it needs no stylesheet: import it as `@hf/ui/progress-bar`.
 */

export type ProgressTone = 'red' | 'orange' | 'green' | 'neutral';

/** The fill colours, mixed with the theme's text colour so they stay visible in every theme. */
export const PROGRESS_TONE_COLORS: Record<ProgressTone, string> = {
  red: 'color-mix(in srgb, #dc2626 88%, var(--mainText))',
  orange: 'color-mix(in srgb, #ea580c 88%, var(--mainText))',
  green: 'color-mix(in srgb, #16a34a 88%, var(--mainText))',
  neutral: 'var(--buttonPrimaryBg)',
};

export interface ProgressBarProps {
  /** 0..1 (clamped). */
  value: number;
  tone: ProgressTone;
  /** Accessible name ("Groceries remaining"). */
  label: string;
  className?: string;
}

export function ProgressBar({ value, tone, label, className }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-tone={tone}
      className={className ? `hf-progress ${className}` : 'hf-progress'}
      style={{
        height: 8,
        minWidth: 60,
        borderRadius: 4,
        overflow: 'hidden',
        background: 'color-mix(in srgb, var(--mainText) 14%, transparent)',
      }}
    >
      <div style={{ width: `${percent}%`, height: '100%', borderRadius: 4, background: PROGRESS_TONE_COLORS[tone] }} />
    </div>
  );
}
