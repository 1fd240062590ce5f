/**
 * `npm run bench [-- name...]`: runs every benchmark (or the named ones) one after another.
 * Each prints its own numbers; nothing is asserted. Add a bench by adding it to BENCHES.
 * `peer` (Actual Budget's engine, installed on demand, ~15 min), `peer-reports`, `peer-import` and `sustained-load` (~12 min) run only when named.
 */
import { runBudgetBench } from './budget';
import { runDashboardBrowserBench } from './dashboard-browser';
import { runGatewayBench } from './gateway';
import { runHistoryBench } from './history';
import { runImportBench } from './import';
import { runLedgerBench } from './ledger';
import { runPayeesBench } from './payees';
import { runPeerActualBench } from './peer-actual';
import { runPeerImportBench } from './peer-import';
import { runPeerReportsBench } from './peer-reports';
import { runReconcileBench } from './reconcile';
import { runRegisterBrowserBench } from './register-browser';
import { runRecurringBench } from './recurring';
import { runReportsBench } from './reports';
import { runRulesBench } from './rules';
import { runSustainedLoadBench } from './sustained-load';
import { runWhatIfBench } from './whatif';

const BENCHES: Record<string, () => Promise<void>> = {
  gateway: () => runGatewayBench(),
  ledger: () => runLedgerBench(),
  payees: () => runPayeesBench(),
  peer: () => runPeerActualBench(),
  'peer-reports': () => runPeerReportsBench(),
  'peer-import': () => runPeerImportBench(),
  browser: () => runRegisterBrowserBench(),
  reports: async () => void (await runReportsBench()),
  budget: () => runBudgetBench(),
  dashboard: () => runDashboardBrowserBench(),
  import: () => runImportBench(),
  history: () => runHistoryBench(),
  rules: () => runRulesBench(),
  recurring: () => runRecurringBench(),
  reconcile: () => runReconcileBench(),
  'sustained-load': () => runSustainedLoadBench(),
  whatif: () => runWhatIfBench(),
};

const ONLY_WHEN_NAMED = new Set(['peer', 'peer-reports', 'peer-import', 'sustained-load']);

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((name) => !(name in BENCHES));
  if (unknown.length) {
    console.error(`Unknown bench(es): ${unknown.join(', ')}. Known: ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }
  for (const name of wanted.length ? wanted : Object.keys(BENCHES).filter((n) => !ONLY_WHEN_NAMED.has(n))) {
    await BENCHES[name]();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
