import type { AccountProjection } from '@hf/contracts/budget';
import { render } from '@testing-library/react';
import { CHART_ASPECT, plotArea } from './chart-math';
import { ProjectionSketch } from './ProjectionSketch';

const TODAY = '2026-11-23';

/** Daily points from 2026-10-01 to 2027-11-23 with `f(date)` as balance. */
function graph(f: (date: string) => number) {
  const out: { date: string; balance: number }[] = [];
  for (let t = Date.UTC(2026, 9, 1); ; t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    if (date > '2027-11-23') break;
    out.push({ date, balance: f(date) });
  }
  return out;
}

// As Dashboard.test's Checking: 5000 in the past, High 1500 on 2027-01-15, Low -250 from 2027-03-14.
const checking: AccountProjection = {
  account_id: 1,
  account_name: 'Checking',
  account_kind: 'checking',
  current_pending_balance: 800,
  balance_today: 800,
  graph_data: graph((d) =>
    d < TODAY ? 5000 : d === '2027-01-15' ? 1500 : d >= '2027-03-14' && d < '2027-03-20' ? -250 : 800,
  ),
  low_point: null,
  first_negative_date: '2027-03-14',
  warning: { kind: 'below_zero', date: '2027-03-14', balance: -250, line: 0, now: false },
};

const WIDTH = 600;
const HEIGHT = WIDTH / CHART_ASPECT.desktop;

function sketch() {
  const { container } = render(<ProjectionSketch projection={checking} today={TODAY} width={WIDTH} height={HEIGHT} />);
  return container.querySelector('svg.dash-sketch')!;
}

describe('the plain SVG first draw of a projection chart', () => {
  it('has the y ticks, x labels and High / Low labels the recharts chart has (Dashboard.test)', () => {
    const svg = sketch();
    const texts = [...svg.querySelectorAll('text')].map(
      (t) => [...t.querySelectorAll('tspan')].map((s) => s.textContent).join(' ') || t.textContent,
    );
    expect(texts).toEqual([
      'Oct',
      'Dec',
      'Jan 2027',
      'Feb',
      'Apr',
      'Jun',
      'Aug',
      'Oct',
      '-$2,000',
      '$0',
      '$2,000',
      '$4,000',
      '$6,000',
      'High: $1,500.00',
      'Low: -$250.00',
    ]);
    expect(svg).toHaveAttribute('width', String(WIDTH));
    expect(svg).toHaveAttribute('aria-hidden', 'true');
  });

  it('draws the area inside the plot, from the first point on the left edge to the last on the right, down to $0', () => {
    const plot = plotArea(WIDTH, HEIGHT);
    const d = sketch().querySelector('.dash-sketch__area')!.getAttribute('d')!;
    const coordinates = [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(coordinates).toHaveLength(checking.graph_data.length + 2);
    expect(coordinates[0][0]).toBeCloseTo(plot.x, 1);
    expect(coordinates[checking.graph_data.length - 1][0]).toBeCloseTo(plot.x + plot.width, 1);
    for (const [x, y] of coordinates) {
      expect(x).toBeGreaterThanOrEqual(plot.x - 0.1);
      expect(x).toBeLessThanOrEqual(plot.x + plot.width + 0.1);
      expect(y).toBeGreaterThanOrEqual(plot.y - 0.1);
      expect(y).toBeLessThanOrEqual(plot.y + plot.height + 0.1);
    }
    // Domain -2000..6000: $0 is a quarter of the way up; 5000 an eighth below the top.
    const zero = plot.y + (plot.height * 6000) / 8000;
    expect(coordinates[coordinates.length - 1][1]).toBeCloseTo(zero, 1);
    expect(coordinates[0][1]).toBeCloseTo(plot.y + plot.height / 8, 1);
  });

  it('marks the High and Low with the colours of their sign, and leaves data-marker to the recharts chart', () => {
    const svg = sketch();
    const markers = [...svg.querySelectorAll('.dash-marker')];
    expect(markers.map((m) => m.getAttribute('class'))).toEqual([
      'dash-marker dash-marker--high dash-marker--positive',
      'dash-marker dash-marker--low dash-marker--destructive',
    ]);
    expect(markers.map((m) => m.querySelector('circle')!.getAttribute('r'))).toEqual(['8', '8']);
    for (const [marker, offset] of [
      [markers[0], -15],
      [markers[1], 22],
    ] as const) {
      expect(
        Number(marker.querySelector('text')!.getAttribute('y')) -
          Number(marker.querySelector('circle')!.getAttribute('cy')),
      ).toBeCloseTo(offset, 5);
    }
    expect(svg.querySelector('[data-marker]')).toBeNull();
  });
});
