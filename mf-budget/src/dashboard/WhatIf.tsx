/**
 * What if (docs/decisions/0123-what-if-scenarios.md, 0124): the dashboard's scenario picker, and
 * building, editing, deleting and applying a scenario without leaving the dashboard. The charts
 * draw the chosen scenario's line over the real one (Dashboard, ProjectionChartView).
 */
import { ApiError, formatDollars, longDate } from '@hf/app-kit';
import { addMonths, firstOfMonth, localToday, monthAndYear } from '@hf/calendar';
import { ConfirmDialog, Modal } from '@hf/ui';
import { useQueries } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { budgetApi, scheduledItemsKey, useBudgetRefresh, type Predictable } from '../planner/api';
import { scenarioApi, useScenarios, type Scenario, type ScenarioChange } from './whatif-api';

interface AccountOption {
  id: number;
  name: string;
}

/** A server's refusal in its own words, else a general text. */
function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.serverMessage
    ? err.serverMessage
    : fallback;
}

/** The 12 months of the budget (`YYYY-MM-01`) from today's. */
function horizon(): string[] {
  const first = firstOfMonth(localToday());
  return Array.from({ length: 12 }, (_, i) => addMonths(first, i));
}

/** Every scheduled item of the accounts, by id (to name them in changes and pick them). */
function useItems(accounts: readonly AccountOption[]): Map<number, Predictable> {
  const results = useQueries({
    queries: accounts.map((a) => ({
      queryKey: scheduledItemsKey(a.id),
      queryFn: ({ signal }: { signal?: AbortSignal }) => budgetApi.items(a.id, signal),
    })),
  });
  return useMemo(() => {
    const byId = new Map<number, Predictable>();
    for (const r of results) for (const item of r.data ?? []) if (!item.is_incoming_transfer) byId.set(item.id, item);
    return byId;
  }, [results]);
}

/** One change in words. */
export function changeText(
  c: ScenarioChange,
  accounts: readonly AccountOption[],
  items: ReadonlyMap<number, Predictable>,
): string {
  const account = (id: number) => accounts.find((a) => a.id === id)?.name ?? 'a closed account';
  const item = (id: number) => items.get(id)?.payee ?? `item ${id}`;
  switch (c.kind) {
    case 'one_off':
      return `One-off ${c.item_type}${c.payee && c.payee !== `One-off ${c.item_type}` ? ` "${c.payee}"` : ''} of ${formatDollars(c.amount)} on ${longDate(c.date)} (${account(c.account_id)})`;
    case 'add_item':
      return `New ${c.frequency === 'monthly' || c.frequency === undefined ? 'monthly ' : ''}${c.item_type} "${c.payee}" of ${formatDollars(c.amount)} from ${monthAndYear(c.start_month)} (${account(c.account_id)})`;
    case 'change_amount':
      return `"${item(c.item_id)}" becomes ${formatDollars(c.amount)} from ${monthAndYear(c.start_month)}`;
    case 'stop_item':
      return `"${item(c.item_id)}" stops from ${monthAndYear(c.start_month)}`;
  }
}

type Kind = ScenarioChange['kind'];
const KIND_LABELS: Record<Kind, string> = {
  one_off: 'A one-off payment or deposit',
  add_item: 'A new monthly payment or deposit',
  change_amount: 'A new amount from a month (a raise)',
  stop_item: 'Stop an item from a month',
};

/** The form that adds one change to the list being edited. */
function ChangeForm({
  accounts,
  items,
  onAdd,
}: {
  accounts: readonly AccountOption[];
  items: ReadonlyMap<number, Predictable>;
  onAdd: (change: ScenarioChange) => void;
}) {
  const id = useId();
  const months = horizon();
  const [kind, setKind] = useState<Kind>('one_off');
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? 0);
  const [itemType, setItemType] = useState<'payment' | 'deposit'>('payment');
  const [payee, setPayee] = useState('');
  const [date, setDate] = useState(localToday());
  const [day, setDay] = useState('1');
  const [amount, setAmount] = useState('');
  const [month, setMonth] = useState(months[1] ?? months[0]);
  const ownItems = [...items.values()].filter((i) => i.account_id === accountId);
  const [itemId, setItemId] = useState<number>(0);
  const [error, setError] = useState<string | null>(null);
  const chosenItem = ownItems.find((i) => i.id === itemId) ?? ownItems[0];

  const add = () => {
    const dollars = Number(amount.replace(/[$,\s]/g, ''));
    const needsAmount = kind !== 'stop_item';
    if (needsAmount && (amount.trim() === '' || !Number.isFinite(dollars) || dollars < 0))
      return setError('Enter an amount.');
    if ((kind === 'change_amount' || kind === 'stop_item') && !chosenItem)
      return setError('This account has no scheduled items.');
    if (kind === 'add_item' && !payee.trim()) return setError('Enter a payee.');
    setError(null);
    if (kind === 'one_off')
      onAdd({
        kind,
        account_id: accountId,
        item_type: itemType,
        date,
        amount: dollars,
        ...(payee.trim() ? { payee: payee.trim() } : {}),
      });
    else if (kind === 'add_item')
      onAdd({
        kind,
        account_id: accountId,
        payee: payee.trim(),
        item_type: itemType,
        day_of_month: Number(day),
        amount: dollars,
        start_month: month,
      });
    else if (kind === 'change_amount') onAdd({ kind, item_id: chosenItem!.id, start_month: month, amount: dollars });
    else onAdd({ kind, item_id: chosenItem!.id, start_month: month });
    setAmount('');
    setPayee('');
  };

  return (
    <fieldset className="whatif-form">
      <legend>Add a change</legend>
      <div className="whatif-form__fields">
        <label htmlFor={`${id}-kind`}>Change</label>
        <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          {(Object.keys(KIND_LABELS) as Kind[]).map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-account`}>Account</label>
        <select id={`${id}-account`} value={accountId} onChange={(e) => setAccountId(Number(e.target.value))}>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
        {(kind === 'one_off' || kind === 'add_item') && (
          <>
            <label htmlFor={`${id}-type`}>Type</label>
            <select
              id={`${id}-type`}
              value={itemType}
              onChange={(e) => setItemType(e.target.value as 'payment' | 'deposit')}
            >
              <option value="payment">Payment</option>
              <option value="deposit">Deposit</option>
            </select>
            <label htmlFor={`${id}-payee`}>{kind === 'one_off' ? 'Payee (optional)' : 'Payee'}</label>
            <input id={`${id}-payee`} value={payee} maxLength={200} onChange={(e) => setPayee(e.target.value)} />
          </>
        )}
        {kind === 'one_off' && (
          <>
            <label htmlFor={`${id}-date`}>Date</label>
            <input id={`${id}-date`} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </>
        )}
        {kind === 'add_item' && (
          <>
            <label htmlFor={`${id}-day`}>Day of month</label>
            <select id={`${id}-day`} value={day} onChange={(e) => setDay(e.target.value)}>
              {Array.from({ length: 31 }, (_, i) => String(i + 1)).map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </>
        )}
        {(kind === 'change_amount' || kind === 'stop_item') && (
          <>
            <label htmlFor={`${id}-item`}>Item</label>
            <select
              id={`${id}-item`}
              value={chosenItem?.id ?? 0}
              onChange={(e) => setItemId(Number(e.target.value))}
              disabled={ownItems.length === 0}
            >
              {ownItems.length === 0 && <option value={0}>No scheduled items</option>}
              {ownItems.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.payee}
                </option>
              ))}
            </select>
          </>
        )}
        {kind !== 'one_off' && (
          <>
            <label htmlFor={`${id}-month`}>From month</label>
            <select id={`${id}-month`} value={month} onChange={(e) => setMonth(e.target.value)}>
              {months.map((m) => (
                <option key={m} value={m}>
                  {monthAndYear(m)}
                </option>
              ))}
            </select>
          </>
        )}
        {kind !== 'stop_item' && (
          <>
            <label htmlFor={`${id}-amount`}>{kind === 'change_amount' ? 'New amount' : 'Amount'}</label>
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              className="hf-num"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
          </>
        )}
      </div>
      {error && (
        <p role="alert" className="hf-status hf-status--error">
          {error}
        </p>
      )}
      <button type="button" className="hf-button" onClick={add}>
        Add change
      </button>
    </fieldset>
  );
}

/** The scenario editor: its name, its changes (each removable) and the form that adds one. */
function ScenarioEditor({
  scenario,
  accounts,
  items,
  onClose,
  onSaved,
}: {
  scenario: Scenario | null;
  accounts: readonly AccountOption[];
  items: ReadonlyMap<number, Predictable>;
  onClose: () => void;
  onSaved: (s: Scenario) => void;
}) {
  const id = useId();
  const [name, setName] = useState(scenario?.name ?? '');
  const [changes, setChanges] = useState<ScenarioChange[]>(scenario?.changes ?? []);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!name.trim()) return setError('Enter a name for the scenario.');
    setSaving(true);
    try {
      const body = { name: name.trim(), changes };
      onSaved(scenario ? await scenarioApi.update(scenario.id, body) : await scenarioApi.create(body));
    } catch (err) {
      setError(errorText(err, 'Could not save the scenario.'));
      setSaving(false);
    }
  };

  return (
    <Modal
      title={scenario ? `Edit scenario "${scenario.name}"` : 'New scenario'}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="hf-button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="hf-button hf-button--primary" onClick={() => void save()} disabled={saving}>
            Save scenario
          </button>
        </>
      }
    >
      <form className="whatif-editor" onSubmit={(e) => void save(e)}>
        <label htmlFor={`${id}-name`}>Scenario name</label>
        <input id={`${id}-name`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </form>
      <h3 className="whatif-editor__heading" id={`${id}-changes`}>
        Changes
      </h3>
      {changes.length === 0 ? (
        <p className="hf-empty">No changes yet.</p>
      ) : (
        <ul className="whatif-changes" aria-labelledby={`${id}-changes`}>
          {changes.map((c, i) => {
            const text = changeText(c, accounts, items);
            return (
              <li key={i}>
                <span>{text}</span>
                <button
                  type="button"
                  className="hf-button hf-button--small"
                  aria-label={`Remove change: ${text}`}
                  onClick={() => setChanges((list) => list.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ChangeForm accounts={accounts} items={items} onAdd={(c) => setChanges((list) => [...list, c])} />
      {error && (
        <p role="alert" className="hf-status hf-status--error">
          {error}
        </p>
      )}
    </Modal>
  );
}

/**
 * The "What if" bar: a picker of the household's scenarios (None: the real projection only),
 * New / Edit / Delete / Apply. `selected` is the chosen scenario's id.
 */
export function WhatIfBar({
  accounts,
  selected,
  onSelect,
}: {
  accounts: readonly AccountOption[];
  selected: number | null;
  onSelect: (id: number | null) => void;
}) {
  const id = useId();
  const scenarios = useScenarios();
  const items = useItems(accounts);
  // After a scenario write the list (under the budget key), the dashboard and, after apply, the planner are read again.
  const refresh = useBudgetRefresh();
  const [editing, setEditing] = useState<Scenario | 'new' | null>(null);
  const [confirm, setConfirm] = useState<'delete' | 'apply' | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const list = scenarios.data ?? [];
  const current = list.find((s) => s.id === selected) ?? null;

  const run = async (what: 'delete' | 'apply') => {
    if (!current) return;
    setConfirm(null);
    try {
      if (what === 'delete') await scenarioApi.remove(current.id);
      else await scenarioApi.apply(current.id);
      onSelect(null);
      await refresh();
      setMessage({
        kind: 'success',
        text:
          what === 'delete'
            ? `Scenario "${current.name}" deleted.`
            : `Scenario "${current.name}" applied: its changes are in the Budget Planner.`,
      });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, `Could not ${what} the scenario.`) });
    }
  };

  return (
    <section className="whatif" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="whatif__title">
        What if
      </h2>
      <div className="whatif__controls">
        <label htmlFor={`${id}-pick`}>Scenario</label>
        <select
          id={`${id}-pick`}
          value={selected ?? ''}
          onChange={(e) => {
            setMessage(null);
            onSelect(e.target.value === '' ? null : Number(e.target.value));
          }}
        >
          <option value="">None (real projection)</option>
          {list.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        <button type="button" className="hf-button" onClick={() => setEditing('new')}>
          New scenario
        </button>
        {current && (
          <>
            <button type="button" className="hf-button" onClick={() => setEditing(current)}>
              Edit scenario
            </button>
            <button type="button" className="hf-button" onClick={() => setConfirm('delete')}>
              Delete scenario
            </button>
            <button type="button" className="hf-button hf-button--primary" onClick={() => setConfirm('apply')}>
              Apply scenario
            </button>
          </>
        )}
      </div>
      <div className="hf-status-slot" aria-live="polite">
        {message && (
          <p role={message.kind === 'error' ? 'alert' : 'status'} className={`hf-status hf-status--${message.kind}`}>
            {message.text}
          </p>
        )}
      </div>
      {editing && (
        <ScenarioEditor
          scenario={editing === 'new' ? null : editing}
          accounts={accounts}
          items={items}
          onClose={() => setEditing(null)}
          onSaved={(s) => {
            setEditing(null);
            setMessage({ kind: 'success', text: `Scenario "${s.name}" saved.` });
            void refresh().then(() => onSelect(s.id));
          }}
        />
      )}
      {confirm && current && (
        <ConfirmDialog
          title={confirm === 'apply' ? 'Apply scenario' : 'Delete scenario'}
          message={
            confirm === 'apply'
              ? `Apply "${current.name}"? Its ${current.changes.length} change(s) become real scheduled items in the Budget Planner, and the scenario is removed.`
              : `Delete "${current.name}"? Nothing real changes.`
          }
          destructive={confirm === 'delete'}
          onConfirm={() => void run(confirm)}
          onCancel={() => setConfirm(null)}
        />
      )}
    </section>
  );
}
