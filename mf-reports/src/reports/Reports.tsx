import { useAccounts } from '@hf/app-kit';
import { localToday } from '@hf/calendar';
import type { ReportSort } from '@hf/contracts/reports-limits';
import { StatusMessage, useTimedMessage } from '@hf/ui';
import { useCallback, useMemo, useState } from 'react';
import {
  downloadCsv,
  reportErrorMessage,
  useReport,
  type DrillDownTarget,
  type ReportParams,
  type ReportScope,
} from './api';
import { DrillDown } from './DrillDown';
import { ReportBars, type OpenedItem } from './ReportBars';
import {
  ALL_ACCOUNTS,
  loadAccountFilter,
  loadHiddenCategories,
  loadSortBy,
  rangeProblem,
  REPORT_TITLES,
  reportKind,
  saveAccountFilter,
  saveHiddenCategories,
  saveSortBy,
  selectedAccounts,
  thisMonth,
  type AccountFilter,
  type DateRange,
  type ReportGrouping,
  type ReportType,
} from './report-filters';
import { ReportFilters } from './ReportFilters';
import { hiddenInReport, reportTotal, withoutHidden } from './report-items';
import { TrendChart } from './TrendChart';

const EMPTY = 'No spending data available for the selected period.';
const NONE_HIDDEN: ReadonlySet<string> = new Set();

/** A value kept in localStorage: read once, written on every change. */
function useRemembered<T>(load: () => T, save: (value: T) => void): [T, (value: T) => void] {
  const [value, setValue] = useState(load);
  const set = useCallback(
    (next: T) => {
      save(next);
      setValue(next);
    },
    [save],
  );
  return [value, set];
}

/**
 * The Reports screen (docs/rules/reports.md): spending or income, by category or payee, over a date
 * range and a choice of accounts, as a trend chart and a bar list with a drill-down.
 */
export function Reports() {
  const [today] = useState(() => localToday());
  const [type, setType] = useState<ReportType>('spending');
  const [grouping, setGrouping] = useState<ReportGrouping>('category');
  const [range, setRange] = useState<DateRange>(() => thisMonth(today));
  const [sortBy, setSortBy] = useRemembered<ReportSort>(loadSortBy, saveSortBy);
  const [hiddenKeys, setHiddenKeys] = useRemembered<string[]>(loadHiddenCategories, saveHiddenCategories);
  const [accountFilter, setAccountFilter] = useRemembered<AccountFilter>(loadAccountFilter, saveAccountFilter);
  const [opened, setOpened] = useState<(OpenedItem & { target: DrillDownTarget }) | null>(null);
  const { message, show } = useTimedMessage();
  const accountsQuery = useAccounts();
  const accounts = useMemo(() => accountsQuery.data ?? [], [accountsQuery.data]);

  const kind = reportKind(type, grouping);
  const byCategory = kind === 'spending_by_category';
  const hiddenSet = useMemo(() => new Set(hiddenKeys), [hiddenKeys]);
  const hidden = byCategory ? hiddenSet : NONE_HIDDEN;
  const problem = rangeProblem(range);
  // A chosen list of accounts needs the account list (deleted accounts drop out); "all" sends none.
  const accountsKnown = accountFilter === ALL_ACCOUNTS || accountsQuery.isSuccess;
  const chosen = accountFilter === ALL_ACCOUNTS ? null : selectedAccounts(accountFilter, accounts);
  const noAccounts = accountsKnown && chosen !== null && chosen.length === 0;
  const ready = problem === null && accountsKnown && !noAccounts;

  const accountIds = chosen?.map((a) => a.id).join(',');
  const scope: ReportScope = useMemo(
    () => ({
      start_date: range.start,
      end_date: range.end,
      ...(accountIds === undefined ? {} : { account_ids: accountIds }),
    }),
    [range.start, range.end, accountIds],
  );
  const params: ReportParams = useMemo(() => ({ ...scope, sort_by: sortBy }), [scope, sortBy]);
  const report = useReport(kind, params, ready);
  const items = useMemo(() => withoutHidden(report.data ?? [], hidden), [report.data, hidden]);

  const open = (item: OpenedItem) => {
    const target: DrillDownTarget =
      kind === 'spending_by_payee'
        ? { by: 'payee', name: item.item.name }
        : { by: 'category', id: item.item.id, name: item.item.name };
    setOpened({ ...item, target });
  };

  const download = async () => {
    try {
      // The file holds what the list shows: the hidden categories are left out by the server too.
      const hideCategoryIds = hiddenInReport(report.data ?? [], hidden);
      await downloadCsv({ kind }, hideCategoryIds ? { ...params, hide_category_ids: hideCategoryIds } : params);
    } catch (err) {
      show(reportErrorMessage(err), 'error');
    }
  };

  let list;
  if (report.isPending) list = <p className="hf-muted">Loading report...</p>;
  else if (report.isError) {
    list = (
      <p role="alert" className="hf-status hf-status--error">
        {reportErrorMessage(report.error)}
      </p>
    );
  } else if (items.length === 0) list = <p className="hf-empty">{EMPTY}</p>;
  else list = <ReportBars title={REPORT_TITLES[kind]} items={items} total={reportTotal(items)} onOpen={open} />;

  let body;
  if (problem) {
    body = (
      <p role="alert" className="hf-status hf-status--error">
        {problem}
      </p>
    );
  } else if (noAccounts) {
    body = <p className="hf-empty">No accounts selected</p>;
  } else if (!ready) {
    body = <p className="hf-muted">Loading report...</p>;
  } else {
    body = (
      <>
        {!report.isError && <TrendChart scope={scope} enabled={ready} />}
        <section className="report-list" aria-labelledby="report-list-title">
          <div className="report-list__header">
            <h2 id="report-list-title" className="report-section-title">
              {REPORT_TITLES[kind]}
            </h2>
            <button type="button" className="hf-button hf-button--small" onClick={() => void download()}>
              Download CSV
            </button>
          </div>
          {list}
        </section>
      </>
    );
  }

  return (
    <div className={`reports${report.isPlaceholderData ? ' is-updating' : ''}`}>
      <ReportFilters
        type={type}
        onTypeChange={setType}
        grouping={grouping}
        onGroupingChange={setGrouping}
        range={range}
        onRangeChange={setRange}
        today={today}
        accounts={accounts}
        accountFilter={accountFilter}
        onAccountFilterChange={setAccountFilter}
        hiddenCategories={hiddenSet}
        onHiddenCategoriesChange={setHiddenKeys}
        sortBy={sortBy}
        onSortByChange={setSortBy}
      />
      <StatusMessage message={message} />
      {body}
      {opened && (
        <DrillDown
          target={opened.target}
          label={opened.label}
          params={params}
          hiddenCategories={hidden}
          onClose={() => setOpened(null)}
        />
      )}
    </div>
  );
}
