import { formatBalance } from '@hf/app-kit';
import { localToday } from '@hf/calendar';
import { isLiability } from '@hf/contracts/ledger-limits';
import { Modal, useIsMobile } from '@hf/ui';
import { MaximizeIcon } from '@hf/ui/icons';
import { useEffect, useState } from 'react';
import { NoAccounts } from '../no-accounts/NoAccounts';
import { useBalanceProjection, useNetWorthProjection, useWidgets, type AccountProjection } from './api';
import { CHART_ASPECT } from './chart-math';
import { LowBalanceWarnings } from './LowBalanceWarnings';
import { preloadProjectionChart, ProjectionChart } from './ProjectionChart';
import { Widgets } from './Widgets';
import { WhatIfBar } from './WhatIf';
import { useScenarioProjections, useScenarios } from './whatif-api';
import { scenarioWords } from './whatif-words';

const chartKey = (p: AccountProjection) => (p.account_id === null ? 'net-worth' : `account-${p.account_id}`);

/** A what-if scenario's projection of a chart's account (or net worth), with the scenario's name. */
interface ScenarioLine {
  name: string;
  projection: AccountProjection;
}

function ChartCard({
  projection,
  today,
  isMobile,
  onMaximize,
  scenario,
}: {
  projection: AccountProjection;
  today: string;
  isMobile: boolean;
  onMaximize?: () => void;
  scenario?: ScenarioLine;
}) {
  const titleId = `dash-chart-${chartKey(projection)}`;
  const words = scenario ? scenarioWords(scenario.name, projection, scenario.projection) : null;
  return (
    <section className="dash-card" aria-labelledby={titleId} data-chart={chartKey(projection)}>
      <div className="dash-card__header">
        <h2 id={titleId} className="dash-card__title">
          {projection.account_name}
        </h2>
        <HeadlineFigures projection={projection} />
        {onMaximize && (
          <button
            type="button"
            className="hf-icon-button dash-card__maximize"
            aria-label={`Maximize ${projection.account_name}`}
            title="Maximize"
            onClick={onMaximize}
          >
            <MaximizeIcon />
          </button>
        )}
      </div>
      {words && <p className="dash-card__whatif">{words}</p>}
      <ProjectionChart
        projection={projection}
        today={today}
        aspect={isMobile ? CHART_ASPECT.mobile : CHART_ASPECT.desktop}
        scenario={scenario && { name: scenario.name, graph_data: scenario.projection.graph_data }}
      />
    </section>
  );
}

/**
 * What the chart's numbers are: the balance today (today's point, as the register has it) and the
 * lowest projected balance from today on; a credit card's or loan's as owed (the lowest is then
 * the most owed).
 */
function HeadlineFigures({ projection }: { projection: AccountProjection }) {
  const kind = projection.account_kind;
  const liability = kind !== null && isLiability(kind);
  return (
    <dl className="dash-card__figures">
      <div className="dash-card__figure">
        <dt>Balance today</dt>
        <dd className="hf-num">{formatBalance(projection.balance_today, kind)}</dd>
      </div>
      {projection.low_point && (
        <div className="dash-card__figure">
          <dt>{liability ? 'Most owed ahead' : 'Lowest ahead'}</dt>
          <dd className="hf-num">{formatBalance(projection.low_point.balance, kind)}</dd>
        </div>
      )}
    </dl>
  );
}

/** Charts drawn in the first frame; the others follow a few per frame, so the first chart shows at once. */
const FIRST_CHARTS = 1;

/** How many of `total` charts to draw: FIRST_CHARTS at once, then two more after each paint. */
function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(FIRST_CHARTS);
  useEffect(() => {
    if (count >= total) return;
    const frame = requestAnimationFrame(() => setTimeout(() => setCount((c) => c + 2), 0));
    return () => cancelAnimationFrame(frame);
  }, [count, total]);
  return count;
}

/**
 * The Dashboard (docs/rules/forecast.md, "Dashboard"): the widget block, one
 * projection chart per account and the Net Worth chart, the low-balance warnings (beyond the
 * spec), the history and net-worth toggles; a grid with maximize buttons on desktop, a stacked
 * list with only the net-worth toggle on mobile (768 px or less).
 */
export function Dashboard() {
  const isMobile = useIsMobile();
  const [fullHistoryChosen, setFullHistory] = useState(false);
  const [showNetWorth, setShowNetWorth] = useState(true);
  const [maximized, setMaximized] = useState<string | null>(null);
  // Mobile has no history toggle: it always shows the default history.
  const fullHistory = fullHistoryChosen && !isMobile;
  const projections = useBalanceProjection(fullHistory);
  const netWorth = useNetWorthProjection(fullHistory);
  const widgets = useWidgets();
  const [scenarioChosen, setScenario] = useState<number | null>(null);
  const scenarios = useScenarios();
  const scenarioName = scenarios.data?.find((s) => s.id === scenarioChosen)?.name;
  const scenarioId = scenarioName === undefined ? null : scenarioChosen;
  const withScenario = useScenarioProjections(scenarioId, fullHistory);
  const scenarioLine = (p: AccountProjection): ScenarioLine | undefined => {
    if (scenarioId === null || scenarioName === undefined) return undefined;
    const other =
      p.account_id === null
        ? withScenario.netWorth.data
        : withScenario.accounts.data?.find((a) => a.account_id === p.account_id);
    return other && other.graph_data.length === p.graph_data.length
      ? { name: scenarioName, projection: other }
      : undefined;
  };
  const today = localToday();
  // The chart code downloads while the projections are computed, not after they arrive.
  useEffect(() => preloadProjectionChart(), []);

  const failed = projections.isError || netWorth.isError || widgets.isError;
  const accounts = projections.data;
  const charts: AccountProjection[] = [];
  if (accounts && accounts.length > 0) {
    if (showNetWorth && netWorth.data) charts.push(netWorth.data);
    charts.push(...accounts);
  }
  const open = maximized ? charts.find((p) => chartKey(p) === maximized) : undefined;
  const drawn = useProgressiveCount(charts.length);

  // The page is drawn once its projections and widgets are both in (or failed): the widgets
  // arriving later would push the charts down (a layout shift).
  const loading = projections.isPending || widgets.isPending;

  return (
    <div className={`dash${isMobile ? ' dash--mobile' : ''}`}>
      {!loading && widgets.data && <Widgets data={widgets.data} />}
      <p className="hf-page__subtitle">This report shows your balance projection based on your budget.</p>
      {failed && (
        <p role="alert" className="hf-status hf-status--error dash-error">
          Could not fetch dashboard data.
        </p>
      )}
      {loading ? (
        <p className="dash-loading">Loading dashboard...</p>
      ) : accounts && accounts.length === 0 ? (
        <NoAccounts message="No accounts found. Please add an account to see your balance projection." />
      ) : accounts ? (
        <>
          <div className="dash-toolbar">
            {!isMobile && (
              <button
                type="button"
                className="hf-button"
                aria-pressed={fullHistory}
                onClick={() => setFullHistory((v) => !v)}
              >
                {fullHistory ? 'Show Less History' : 'Show Full Year History'}
              </button>
            )}
            <button
              type="button"
              className="hf-button"
              aria-pressed={showNetWorth}
              onClick={() => setShowNetWorth((v) => !v)}
            >
              {showNetWorth ? 'Hide Net Worth' : 'Show Net Worth'}
            </button>
          </div>
          <WhatIfBar
            accounts={accounts
              .filter((a) => a.account_id !== null)
              .map((a) => ({ id: a.account_id!, name: a.account_name }))}
            selected={scenarioId}
            onSelect={setScenario}
          />
          <LowBalanceWarnings projections={accounts} />
          <div className={isMobile ? 'dash-list' : 'dash-grid'}>
            {charts.slice(0, drawn).map((p) => (
              <ChartCard
                key={chartKey(p)}
                projection={p}
                today={today}
                isMobile={isMobile}
                onMaximize={isMobile ? undefined : () => setMaximized(chartKey(p))}
                scenario={scenarioLine(p)}
              />
            ))}
          </div>
        </>
      ) : null}
      {open && !isMobile && (
        <Modal title={open.account_name} onClose={() => setMaximized(null)} wide>
          <div className="dash-modal-chart">
            <ProjectionChart
              projection={open}
              today={today}
              aspect={CHART_ASPECT.desktop}
              scenario={(() => {
                const line = scenarioLine(open);
                return line && { name: line.name, graph_data: line.projection.graph_data };
              })()}
            />
          </div>
        </Modal>
      )}
    </div>
  );
}
