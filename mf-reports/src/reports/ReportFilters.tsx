import { type AccountSummary } from '@hf/app-kit';
import { useCategoryTree } from '@hf/app-kit/editing';
import type { CalendarDate } from '@hf/calendar';
import { UNCATEGORIZED_NAME, type ReportSort } from '@hf/contracts/reports-limits';
import { REPORT_FETCH_ERROR } from './api';
import { FilterPopover } from './FilterPopover';
import {
  accountFilterLabel,
  ALL_ACCOUNTS,
  categoryKey,
  DATE_SHORTCUTS,
  selectedAccounts,
  toggleAccount,
  type AccountFilter,
  type DateRange,
  type ReportGrouping,
  type ReportType,
} from './report-filters';

export interface ReportFiltersProps {
  type: ReportType;
  onTypeChange: (type: ReportType) => void;
  grouping: ReportGrouping;
  onGroupingChange: (grouping: ReportGrouping) => void;
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  today: CalendarDate;
  accounts: readonly AccountSummary[];
  accountFilter: AccountFilter;
  onAccountFilterChange: (filter: AccountFilter) => void;
  hiddenCategories: ReadonlySet<string>;
  onHiddenCategoriesChange: (keys: string[]) => void;
  sortBy: ReportSort;
  onSortByChange: (sort: ReportSort) => void;
}

function Toggle<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; text: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="report-toggle" role="group" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={`hf-button report-toggle__button${o.value === value ? ' hf-button--primary' : ''}`}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.text}
        </button>
      ))}
    </div>
  );
}

const TYPES = [
  { value: 'spending', text: 'Spending' },
  { value: 'income', text: 'Income' },
] as const;
const GROUPINGS = [
  { value: 'category', text: 'By Category' },
  { value: 'payee', text: 'By Payee' },
] as const;

function AccountMultiSelect({
  accounts,
  filter,
  onChange,
}: {
  accounts: readonly AccountSummary[];
  filter: AccountFilter;
  onChange: (filter: AccountFilter) => void;
}) {
  const chosen = new Set(selectedAccounts(filter, accounts).map((a) => a.id));
  return (
    <FilterPopover
      label="Accounts"
      buttonText={accountFilterLabel(filter, accounts)}
      className="report-filters__accounts"
    >
      <label className="hf-check report-popover__option report-popover__option--all">
        <input
          type="checkbox"
          checked={filter === ALL_ACCOUNTS}
          onChange={(e) => onChange(e.target.checked ? ALL_ACCOUNTS : [])}
        />
        <span>All Accounts</span>
      </label>
      {accounts.map((a) => (
        <label key={a.id} className="hf-check report-popover__option">
          <input
            type="checkbox"
            checked={chosen.has(a.id)}
            onChange={() => onChange(toggleAccount(filter, a.id, accounts))}
          />
          <span>{a.name}</span>
        </label>
      ))}
    </FilterPopover>
  );
}

function CategoryHideFilter({ hidden, onChange }: { hidden: ReadonlySet<string>; onChange: (keys: string[]) => void }) {
  const tree = useCategoryTree();
  const toggle = (key: string) => {
    const next = new Set(hidden);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onChange([...next]);
  };
  const box = (key: string, name: string, child = false) => (
    <label key={key} className={`hf-check report-popover__option${child ? ' report-popover__option--child' : ''}`}>
      <input type="checkbox" checked={hidden.has(key)} onChange={() => toggle(key)} />
      <span>{name}</span>
    </label>
  );
  return (
    <FilterPopover
      label="Hide Categories"
      buttonText={hidden.size === 0 ? 'None hidden' : `${hidden.size} hidden`}
      className="report-filters__hide"
    >
      {tree.isError && <p className="hf-muted">{REPORT_FETCH_ERROR}</p>}
      {(tree.data ?? []).map((parent) => [
        box(categoryKey(parent.id), parent.name),
        ...(parent.children ?? []).map((child) => box(categoryKey(child.id), child.name, true)),
      ])}
      {box(categoryKey(null), UNCATEGORIZED_NAME)}
      {hidden.size > 0 && (
        <button type="button" className="hf-button hf-button--small report-popover__clear" onClick={() => onChange([])}>
          Show all
        </button>
      )}
    </FilterPopover>
  );
}

/** The report's filters (docs/rules/reports.md); they stack on mobile. */
export function ReportFilters(props: ReportFiltersProps) {
  const { type, grouping, range, today } = props;
  return (
    <div className="report-filters">
      <div className="report-filters__line">
        <Toggle label="Report type" value={type} options={TYPES} onChange={props.onTypeChange} />
        {type === 'spending' && (
          <Toggle label="Group by" value={grouping} options={GROUPINGS} onChange={props.onGroupingChange} />
        )}
      </div>
      <div className="report-filters__line report-filters__line--dates">
        <label className="hf-field report-filters__date">
          <span>Start Date</span>
          <input
            type="date"
            value={range.start}
            max={range.end || undefined}
            onChange={(e) => props.onRangeChange({ ...range, start: e.target.value })}
          />
        </label>
        <label className="hf-field report-filters__date">
          <span>End Date</span>
          <input
            type="date"
            value={range.end}
            min={range.start || undefined}
            onChange={(e) => props.onRangeChange({ ...range, end: e.target.value })}
          />
        </label>
        <div className="report-filters__shortcuts" role="group" aria-label="Date shortcuts">
          {DATE_SHORTCUTS.map((s) => (
            <button
              key={s.label}
              type="button"
              className="hf-button hf-button--small"
              onClick={() => props.onRangeChange(s.range(today))}
            >
              {s.label}
            </button>
          ))}
        </div>
      </div>
      <div className="report-filters__line">
        <AccountMultiSelect
          accounts={props.accounts}
          filter={props.accountFilter}
          onChange={props.onAccountFilterChange}
        />
        {type === 'spending' && grouping === 'category' && (
          <CategoryHideFilter hidden={props.hiddenCategories} onChange={props.onHiddenCategoriesChange} />
        )}
        <label className="hf-field report-filters__sort">
          <span>Sort by</span>
          <select value={props.sortBy} onChange={(e) => props.onSortByChange(e.target.value as ReportSort)}>
            <option value="amount">Amount</option>
            <option value="name">Name</option>
          </select>
        </label>
      </div>
    </div>
  );
}
