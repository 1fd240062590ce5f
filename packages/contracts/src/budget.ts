// The Predictables, Everyday Envelopes, Savings Jars and the dashboard (svc-budget); the words
// are docs/glossary.md's (the JSON keeps the spec's names: scheduled items, category budgets,
// savings goals). Rules: docs/rules/predictables.md, envelopes-and-jars.md and forecast.md.
//
// Money is a decimal number of dollars with at most 2 decimals. Month keys are `YYYY-MM-01` in
// `values` maps and `start_month`, `YYYY-MM` in envelope routes. Ids are positive integers; an id
// of another household answers 404 `{ message }`.
import Type, { type Static } from 'typebox';
import { Amount, CalendarDateString, Id, NullableId, NullableString, Text } from './common';
import { AccountKindSchema } from './ledger';
import { Name, Payee } from './names';
import { BUDGET_LIMITS, SCENARIO_LIMITS } from './budget-limits';

export * from './budget-limits';

const MonthKeyFirst = Type.String({ pattern: '^\\d{4}-\\d{2}-01$', maxLength: 10 });
const MonthKey = Type.String({ pattern: '^\\d{4}-\\d{2}$', maxLength: 7 });
const ItemType = Type.Union([Type.Literal('payment'), Type.Literal('deposit')]);

// Schedules of any frequency (docs/rules/predictables.md "Frequencies"). The body schemas bound
// the shape only; which fields a frequency needs and their ranges (interval 2..52 weeks, 2..12
// months, two different days) are checked by svc-budget with a message that names the rule.
/** How often the item happens (budget-limits' PREDICTABLE_FREQUENCIES, word for word). */
export const Frequency = Type.Union([
  Type.Literal('monthly'),
  Type.Literal('weekly'),
  Type.Literal('every_n_weeks'),
  Type.Literal('semi_monthly'),
  Type.Literal('every_n_months'),
  Type.Literal('yearly'),
  Type.Literal('once'),
]);
export type Frequency = Static<typeof Frequency>;

/** An occurrence on a Saturday or Sunday: `keep`, `before` (the Friday before), `after` (the Monday after). */
export const WeekendRule = Type.Union([Type.Literal('keep'), Type.Literal('before'), Type.Literal('after')]);
export type WeekendRule = Static<typeof WeekendRule>;
/** A day of the month as an item stores it: 1..31 (clamped to short months) or -1, the month's last day. */
const ScheduleDay = Type.Integer({ minimum: -1, maximum: 31 });
/** A day as a body sends it; 0 and out-of-range days get svc-budget's own message. */
const ScheduleDayInput = Type.Integer({ minimum: -99, maximum: 99 });
const NullableDate = Type.Union([CalendarDateString, Type.Null()]);
const NullableInterval = Type.Union([Type.Integer({ minimum: 0, maximum: 999 }), Type.Null()]);
const DaysOfMonthInput = Type.Union([Type.Tuple([ScheduleDayInput, ScheduleDayInput]), Type.Null()]);

/** The schedule fields a create or an edit may send (an edit: any of them; null clears an optional one). */
const SCHEDULE_INPUT_FIELDS = {
  /** Default on create: `monthly`. */
  frequency: Type.Optional(Frequency),
  /** `every_n_weeks` 2..52, `every_n_months` 2..12; null (or left out) for the others. */
  interval: Type.Optional(NullableInterval),
  /** `semi_monthly`: two different days, each 1..31 or -1, e.g. [1, 15] or [15, -1]. */
  days_of_month: Type.Optional(DaysOfMonthInput),
  /** First date the schedule may happen on; default for a frequency that needs one: today. Required by `once`. */
  start_date: Type.Optional(NullableDate),
  /** Last date the schedule may happen on (inclusive), or null for no end. */
  end_date: Type.Optional(NullableDate),
  /** Default on create: `keep`. */
  weekend: Type.Optional(WeekendRule),
};

// ---------------------------------------------------------------------------------------------
// The Predictables
// ---------------------------------------------------------------------------------------------

/**
 * A Predictable (the JSON's "scheduled budget item"; docs/rules/predictables.md). `values` has the 12 months of the horizon starting with
 * the current month, each `YYYY-MM-01` -> positive amount (0 when the month has none; the type
 * gives the sign). `is_incoming_transfer`: an incoming transfer, the read-only row of another
 * account's planned transfer into this one: `account_id` is then the other account, `transfer_account_id` this one,
 * `item_type` is seen from this account (the other's payment is a deposit here) and `payee` is the
 * other account's name. A transfer's `payee` is always the other account's current name and its
 * `category` `-- Transfer --` (`category_id` null).
 */
export const Predictable = Type.Object({
  id: Id,
  account_id: Id,
  item_type: ItemType,
  payee: Type.String(),
  /** `Parent: Child`, `Name`, `-- Transfer --` for a transfer, or null. */
  category: NullableString,
  category_id: NullableId,
  /**
   * `monthly` and `every_n_months`: the day (1..31, clamped to short months; -1 = the month's
   * last day). The other frequencies: `start_date`'s day.
   */
  day_of_month: ScheduleDay,
  values: Type.Record(Type.String(), Type.Number()),
  /** The other account of a scheduled transfer (its payee is that account's name), else null. */
  transfer_account_id: NullableId,
  is_incoming_transfer: Type.Boolean(),
  frequency: Frequency,
  /** `every_n_weeks` (2..52) and `every_n_months` (2..12), else null. */
  interval: Type.Union([Type.Integer(), Type.Null()]),
  /** `semi_monthly`'s two days (ascending, -1 last), else null. */
  days_of_month: Type.Union([Type.Tuple([ScheduleDay, ScheduleDay]), Type.Null()]),
  /** Null for a monthly item without one. */
  start_date: NullableDate,
  end_date: NullableDate,
  weekend: WeekendRule,
  /**
   * For every month of `values` (`YYYY-MM-01`): the item's occurrence dates generated for that
   * month, ascending, empty when none. A weekend-moved date may lie in the next or previous
   * month and still belongs here. Each takes the month's amount (one budgeted row each).
   */
  occurrences: Type.Record(Type.String(), Type.Array(CalendarDateString)),
  /** The next (up to 3) occurrence dates from today on, whatever the amounts. */
  next_dates: Type.Array(CalendarDateString),
});
export type Predictable = Static<typeof Predictable>;
export const Predictables = Type.Array(Predictable);

/**
 * POST /api/budget/:accountId. A payee equal to another account's name makes a scheduled transfer.
 * `day_of_month` (1..31 or -1) is required by `monthly` (the default) and `every_n_months`.
 */
export const CreatePredictableBody = Type.Object(
  {
    payee: Payee(BUDGET_LIMITS.payee),
    item_type: ItemType,
    day_of_month: Type.Optional(ScheduleDayInput),
    category_id: Type.Optional(NullableId),
    /** The spec's client also sends the category's text; `category_id` wins when both are given. */
    categoryName: Type.Optional(Text(BUDGET_LIMITS.categoryText)),
    ...SCHEDULE_INPUT_FIELDS,
  },
  { additionalProperties: false },
);
export type CreatePredictableBody = Static<typeof CreatePredictableBody>;

/**
 * PUT /api/budget/:id (any of the fields). The fields sent replace the item's; the result must be
 * a whole schedule of its frequency (a change to `every_n_weeks` also sends `interval`). A change
 * never touches rows that became actual: they stay, and their occurrences are not generated again.
 */
export const UpdatePredictableBody = Type.Object(
  {
    payee: Type.Optional(Payee(BUDGET_LIMITS.payee)),
    day_of_month: Type.Optional(ScheduleDayInput),
    category_id: Type.Optional(NullableId),
    categoryName: Type.Optional(Text(BUDGET_LIMITS.categoryText)),
    ...SCHEDULE_INPUT_FIELDS,
  },
  { additionalProperties: false },
);
export type UpdatePredictableBody = Static<typeof UpdatePredictableBody>;

/**
 * POST /api/budget/autofill. `full`: `amount` for `start_month` and every later month of the
 * horizon (fills forward); `single`: that month only. Amount 0 clears the month(s). Answers the item.
 */
export const AutofillBody = Type.Object(
  {
    budget_item_id: Id,
    start_month: MonthKeyFirst,
    amount: Amount,
    mode: Type.Union([Type.Literal('full'), Type.Literal('single')]),
  },
  { additionalProperties: false },
);
export type AutofillBody = Static<typeof AutofillBody>;

// ---------------------------------------------------------------------------------------------
// Everyday Envelopes
// ---------------------------------------------------------------------------------------------

/**
 * An envelope of one month (the JSON's "category budget"; docs/rules/envelopes-and-jars.md). A month with no envelopes of its own
 * shows the latest earlier month's (same amounts and flags; `id` is then that month's row and
 * `carried_from` its month). `spent` = payments net of refunds in the category and its
 * sub-categories that month; `rollover` = what the previous month left (may be negative).
 */
export const Envelope = Type.Object({
  id: Id,
  account_id: Id,
  category_id: Id,
  category_name: Type.String(),
  month: MonthKey,
  amount: Type.Number(),
  rollover_enabled: Type.Boolean(),
  rollover: Type.Number(),
  spent: Type.Number(),
  /** `YYYY-MM` of the month whose envelope this is when it was carried forward, else null. */
  carried_from: NullableString,
});
export type Envelope = Static<typeof Envelope>;
export const Envelopes = Type.Array(Envelope);

export const EnvelopeParams = Type.Object({ accountId: Id, month: MonthKey }, { additionalProperties: false });
export type EnvelopeParams = Static<typeof EnvelopeParams>;

/**
 * DELETE /api/budget/category/:id. `month`: the month the envelope is shown in; when it shows it
 * carried forward from an earlier month, that month keeps its other envelopes and loses this one
 * (earlier months unchanged). Without it, that envelope row is deleted. Answers `{ message }`.
 */
export const DeleteEnvelopeQuery = Type.Object({ month: Type.Optional(MonthKey) }, { additionalProperties: false });
export type DeleteEnvelopeQuery = Static<typeof DeleteEnvelopeQuery>;

/** POST /api/budget/category: one envelope per account, category and month (409 for a second). */
export const CreateEnvelopeBody = Type.Object(
  {
    account_id: Id,
    category_id: Id,
    month: MonthKey,
    amount: Amount,
    rollover_enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateEnvelopeBody = Static<typeof CreateEnvelopeBody>;

/**
 * PUT /api/budget/category/:id: a new amount and/or rollover flag (at least one). `month` is the
 * month the envelope is shown in; when it shows it carried forward, that month's envelopes first
 * become its own and only its copy changes (earlier months never change). Answers the `Envelope`.
 */
export const UpdateEnvelopeBody = Type.Object(
  {
    month: MonthKey,
    amount: Type.Optional(Amount),
    rollover_enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateEnvelopeBody = Static<typeof UpdateEnvelopeBody>;

// ---------------------------------------------------------------------------------------------
// Savings Jars
// ---------------------------------------------------------------------------------------------

/** A jar (the spec's "savings goal"): `saved_amount` = the account's cleared balance, between 0 and the target. */
export const Jar = Type.Object({
  id: Id,
  name: Type.String(),
  account_id: Id,
  account_name: Type.String(),
  target_amount: Type.Number(),
  saved_amount: Type.Number(),
});
export type Jar = Static<typeof Jar>;
export const Jars = Type.Array(Jar);

/** POST /api/budget/goals, PUT /api/budget/goals/:id (PUT: any of the fields). */
export const JarBody = Type.Object(
  { name: Name(BUDGET_LIMITS.goalName, 'The name is required.'), account_id: Id, target_amount: Amount },
  { additionalProperties: false },
);
export type JarBody = Static<typeof JarBody>;
export const UpdateJarBody = Type.Partial(JarBody, { additionalProperties: false });
export type UpdateJarBody = Static<typeof UpdateJarBody>;

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

export const ProjectionQuery = Type.Object(
  {
    fullHistory: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
    /** A what-if scenario of the household (see Scenario): the projection with its changes applied. */
    scenario: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ProjectionQuery = Static<typeof ProjectionQuery>;

export const ProjectionPoint = Type.Object({ date: CalendarDateString, balance: Type.Number() });
export type ProjectionPoint = Static<typeof ProjectionPoint>;

/**
 * The low-balance warning of an account's projection (docs/rules/forecast.md, "Warnings"): the
 * first date from today on whose balance is below the kind's line (`line`: 0 or the threshold of
 * an asset account, minus the limit of a credit card) and that day's balance; `now` when today's
 * balance is already below it (then `date` is today).
 */
export const ProjectionWarning = Type.Object({
  kind: Type.Union([Type.Literal('below_zero'), Type.Literal('below_threshold'), Type.Literal('over_limit')]),
  date: CalendarDateString,
  balance: Type.Number(),
  line: Type.Number(),
  now: Type.Boolean(),
});
export type ProjectionWarning = Static<typeof ProjectionWarning>;

/**
 * Dashboard projection (docs/rules/forecast.md) of one account, or net worth (`account_id` null,
 * `account_name` "Net Worth"): one point per calendar day from the start (first day of the
 * previous month; with fullHistory, 12 months before today) to 12 months after today. Beyond the
 * spec: `low_point` (lowest from today on, earliest on ties) and `first_negative_date`.
 */
export const AccountProjection = Type.Object({
  account_id: NullableId,
  account_name: Type.String(),
  /** The account's kind (null for net worth): credit_card and loan balances are owed. */
  account_kind: Type.Union([AccountKindSchema, Type.Null()]),
  current_pending_balance: Type.Number(),
  /** Today's point of graph_data: the register's balance today (rows dated today or earlier). */
  balance_today: Type.Number(),
  graph_data: Type.Array(ProjectionPoint),
  low_point: Type.Union([ProjectionPoint, Type.Null()]),
  first_negative_date: NullableString,
  /** The low-balance warning that fits the kind, or null (net worth and loans never warn). */
  warning: Type.Union([ProjectionWarning, Type.Null()]),
});
export type AccountProjection = Static<typeof AccountProjection>;
export const AccountProjections = Type.Array(AccountProjection);

/** Dashboard widget data (docs/rules/forecast.md). */
export const WidgetData = Type.Object({
  /** The current month's name ("November"); the widget shows its first word. */
  month_name: Type.String(),
  category_budgets: Type.Array(
    Type.Object({
      category_id: Id,
      category_name: Type.String(),
      account_id: Id,
      account_name: Type.String(),
      amount: Type.Number(),
      rollover: Type.Number(),
      spent: Type.Number(),
    }),
  ),
  savings_goals: Type.Array(
    Type.Object({ id: Id, name: Type.String(), target_amount: Type.Number(), saved_amount: Type.Number() }),
  ),
});
export type WidgetData = Static<typeof WidgetData>;

// ---------------------------------------------------------------------------------------------
// What-if scenarios (docs/decisions/0123-what-if-scenarios.md)
// ---------------------------------------------------------------------------------------------

/**
 * One change of a what-if scenario. Amounts are positive dollars (the type gives the sign), months
 * `YYYY-MM-01` within the 12 months of the budget, dates within them and not before today.
 * - `add_item`: a new Predictable on `account_id` (the create body's fields) with `amount` in every
 *   month from `start_month` on (filled forward).
 * - `change_amount`: the item's amount becomes `amount` from `start_month` on (0 clears).
 * - `stop_item`: the item has no amount from `start_month` on.
 * - `one_off`: one payment or deposit on `date` (applied: a `once` item).
 * An item of another household answers 404, as any id of another household.
 */
export const ScenarioAddItem = Type.Object(
  {
    kind: Type.Literal('add_item'),
    account_id: Id,
    payee: Payee(BUDGET_LIMITS.payee),
    item_type: ItemType,
    category_id: Type.Optional(NullableId),
    categoryName: Type.Optional(Text(BUDGET_LIMITS.categoryText)),
    day_of_month: Type.Optional(ScheduleDayInput),
    ...SCHEDULE_INPUT_FIELDS,
    amount: Amount,
    start_month: MonthKeyFirst,
  },
  { additionalProperties: false },
);
export const ScenarioChangeAmount = Type.Object(
  { kind: Type.Literal('change_amount'), item_id: Id, start_month: MonthKeyFirst, amount: Amount },
  { additionalProperties: false },
);
export const ScenarioStopItem = Type.Object(
  { kind: Type.Literal('stop_item'), item_id: Id, start_month: MonthKeyFirst },
  { additionalProperties: false },
);
export const ScenarioOneOff = Type.Object(
  {
    kind: Type.Literal('one_off'),
    account_id: Id,
    item_type: ItemType,
    date: CalendarDateString,
    amount: Amount,
    /** Default: "One-off payment" / "One-off deposit". */
    payee: Type.Optional(Payee(BUDGET_LIMITS.payee)),
  },
  { additionalProperties: false },
);
export const ScenarioChange = Type.Union([ScenarioAddItem, ScenarioChangeAmount, ScenarioStopItem, ScenarioOneOff]);
export type ScenarioChange = Static<typeof ScenarioChange>;

/**
 * A scenario as answered: an `add_item` comes back with its schedule completed (frequency,
 * start date, ...) and `category_id` resolved; items it names are the ids sent.
 */
export const Scenario = Type.Object({
  id: Id,
  name: Type.String(),
  changes: Type.Array(ScenarioChange),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Scenario = Static<typeof Scenario>;
export const Scenarios = Type.Array(Scenario);

/**
 * POST /api/budget/scenarios and PUT /api/budget/scenarios/:id (PUT: either field). Each change is
 * checked by svc-budget with a message naming it ("Change 3: ..."): an unknown `kind` or a field
 * the kind does not take is a 400. At most SCENARIO_LIMITS.changes changes.
 */
export const ScenarioBody = Type.Object(
  {
    name: Name(SCENARIO_LIMITS.name, 'A scenario needs a name.'),
    changes: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type ScenarioBody = { name: string; changes: ScenarioChange[] };
export const UpdateScenarioBody = Type.Partial(ScenarioBody, { additionalProperties: false });
export type UpdateScenarioBody = Partial<ScenarioBody>;

/** POST /api/budget/scenarios/:id/apply: the items created and changed; the scenario is then deleted. */
export const ApplyScenarioResponse = Type.Object({
  message: Type.String(),
  created_item_ids: Type.Array(Id),
  changed_item_ids: Type.Array(Id),
});
export type ApplyScenarioResponse = Static<typeof ApplyScenarioResponse>;

// ---------------------------------------------------------------------------------------------
// Recurring detection (docs/rules/recurring-detection.md)
// ---------------------------------------------------------------------------------------------

/** GET /api/budget/suggestions?account_id= */
export const SuggestionsQuery = Type.Object({ account_id: Id }, { additionalProperties: false });
export type SuggestionsQuery = Static<typeof SuggestionsQuery>;

/** A row a suggestion rests on: its date and its signed amount (dollars), as the register shows it. */
export const SuggestionEvidence = Type.Object({
  id: Id,
  date: CalendarDateString,
  amount: Type.Number(),
  payee: Type.String(),
});
export type SuggestionEvidence = Static<typeof SuggestionEvidence>;

/**
 * A scheduled item the account's actual rows of the last 18 months reveal. The schedule fields
 * (`frequency`, `interval`, `day_of_month`, `days_of_month`, `start_date`, `weekend`) are exactly
 * what POST /api/budget/:accountId takes: accepting is that create (with `category_id`), then
 * the amount through autofill. `start_date` is the next scheduled date (`next_date` is it after
 * the weekend rule). `amount` is positive (the type gives the sign): the latest amount when
 * `fixed`, the median when `varying`. `confidence` 0..1. `key` names it for a dismissal.
 */
export const RecurringSuggestion = Type.Object({
  key: Type.String(),
  account_id: Id,
  payee: Type.String(),
  item_type: ItemType,
  category: NullableString,
  category_id: NullableId,
  frequency: Frequency,
  interval: Type.Union([Type.Integer(), Type.Null()]),
  day_of_month: ScheduleDay,
  days_of_month: Type.Union([Type.Tuple([ScheduleDay, ScheduleDay]), Type.Null()]),
  start_date: CalendarDateString,
  weekend: WeekendRule,
  next_date: CalendarDateString,
  amount: Type.Number(),
  amount_kind: Type.Union([Type.Literal('fixed'), Type.Literal('varying')]),
  confidence: Type.Number(),
  evidence_ids: Type.Array(Id),
  /** The evidence rows, oldest first. */
  evidence: Type.Array(SuggestionEvidence),
});
export type RecurringSuggestion = Static<typeof RecurringSuggestion>;
export const RecurringSuggestions = Type.Array(RecurringSuggestion);

/** POST /api/budget/suggestions/dismiss: the suggestion is not proposed again for the account. */
export const DismissSuggestionBody = Type.Object(
  { account_id: Id, key: Type.String({ minLength: 1, maxLength: 250 }) },
  { additionalProperties: false },
);
export type DismissSuggestionBody = Static<typeof DismissSuggestionBody>;
