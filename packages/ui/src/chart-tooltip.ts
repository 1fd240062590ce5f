/**
 * How a chart's tooltip looks in every theme (recharts' Tooltip takes these three styles): the
 * dashboard's projection chart and the reports' trend chart spread it into their Tooltip.
 */
export const CHART_TOOLTIP_STYLES = {
  contentStyle: {
    background: 'var(--secondaryBg)',
    color: 'var(--mainText)',
    border: '1px solid var(--hf-border-strong)',
    borderRadius: 6,
  },
  labelStyle: { color: 'var(--mainText)', fontWeight: 600 },
  itemStyle: { color: 'var(--mainText)' },
} as const;
