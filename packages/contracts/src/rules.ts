// Rules (svc-ledger, docs/rules/rules.md and decision 0129): ordered conditions and actions that
// fill in a row's category, payee and notes. The public API speaks amounts as decimals like the
// rest of the ledger's API; the internal evaluate route speaks cents like the other internal routes.
import Type, { type Static } from 'typebox';
import { Id, NullableId, NullableString } from './common';
import { AmountCents } from './ledger-internal';
import { Name } from './names';
import { RULE_MESSAGES } from './rule-limits';

export { RULE_FIELDS, RULE_LIMITS, RULE_MESSAGES, RULE_OPS, type RuleField } from './rule-limits';

/**
 * One condition as a request sends it. The schema only bounds the shape; svc-ledger judges the
 * field, operator and value itself so that each mistake answers a message in plain words.
 * `value`: payee/notes text; amount `is` a decimal, `between` `[low, high]` (either may be null:
 * no bound; inclusive); account `is` an account id.
 */
export const RuleConditionInput = Type.Object(
  {
    field: Type.String({ maxLength: 40 }),
    op: Type.String({ maxLength: 40 }),
    value: Type.Union([
      Type.String({ maxLength: 20_000 }),
      Type.Number(),
      Type.Array(Type.Union([Type.Number(), Type.Null()]), { maxItems: 4 }),
    ]),
  },
  { additionalProperties: false },
);
export type RuleConditionInput = Static<typeof RuleConditionInput>;

/** What a rule does to a row it matches: a missing or null field is no action. */
export const RuleActionsInput = Type.Object(
  {
    category_id: Type.Optional(NullableId),
    payee: Type.Optional(Type.Union([Type.String({ maxLength: 20_000 }), Type.Null()])),
    notes: Type.Optional(Type.Union([Type.String({ maxLength: 20_000 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type RuleActionsInput = Static<typeof RuleActionsInput>;

/** POST /api/rules (added last in order) and PUT /api/rules/:id (keeps its position). */
export const RuleBody = Type.Object(
  {
    // Blank-looking names (zero-width, fillers) are refused by Name; the length by the domain's message.
    name: Name(20_000, RULE_MESSAGES.nameRequired),
    conditions: Type.Array(RuleConditionInput, { maxItems: 5000 }),
    actions: RuleActionsInput,
  },
  { additionalProperties: false },
);
export type RuleBody = Static<typeof RuleBody>;

export const RuleCondition = Type.Object({
  field: Type.Union([Type.Literal('payee'), Type.Literal('amount'), Type.Literal('account'), Type.Literal('notes')]),
  op: Type.Union([Type.Literal('is'), Type.Literal('contains'), Type.Literal('starts_with'), Type.Literal('between')]),
  value: Type.Union([Type.String(), Type.Number(), Type.Array(Type.Union([Type.Number(), Type.Null()]))]),
});
export type RuleCondition = Static<typeof RuleCondition>;

/** A rule as GET /api/rules answers it (in order, `position` 1, 2, ...). */
export const Rule = Type.Object({
  id: Id,
  name: Type.String(),
  position: Type.Integer(),
  conditions: Type.Array(RuleCondition),
  actions: Type.Object({ category_id: NullableId, payee: NullableString, notes: NullableString }),
});
export type Rule = Static<typeof Rule>;
export const RuleList = Type.Array(Rule);
export type RuleList = Static<typeof RuleList>;

/** POST /api/rules/reorder: every rule id of the household once, in the new order. */
export const ReorderRulesBody = Type.Object(
  { rule_ids: Type.Array(Id, { maxItems: 5000 }) },
  { additionalProperties: false },
);
export type ReorderRulesBody = Static<typeof ReorderRulesBody>;

/** POST /api/rules/:id/apply: `dry_run: true` changes nothing and answers the rows that would change. */
export const ApplyRuleBody = Type.Object({ dry_run: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type ApplyRuleBody = Static<typeof ApplyRuleBody>;

/** The fields of a row a rule may change, as the preview shows them. */
export const RuleRowValues = Type.Object({
  payee: Type.String(),
  category_id: NullableId,
  category_name: NullableString,
  notes: Type.String(),
});
export type RuleRowValues = Static<typeof RuleRowValues>;
export const RuleRowChange = Type.Object({
  id: Id,
  account_id: Id,
  account_name: Type.String(),
  date: Type.String(),
  amount: Type.Number(),
  before: RuleRowValues,
  after: RuleRowValues,
});
export type RuleRowChange = Static<typeof RuleRowChange>;
/**
 * The answer of apply: `count` rows changed (or would change, on a dry run); a dry run lists the
 * first RULE_LIMITS.previewRows of them, newest first; a real run lists none.
 */
export const ApplyRuleResponse = Type.Object({
  message: Type.String(),
  dry_run: Type.Boolean(),
  count: Type.Integer(),
  rows: Type.Array(RuleRowChange),
});
export type ApplyRuleResponse = Static<typeof ApplyRuleResponse>;

/**
 * POST /internal/rules/evaluate (svc-import's reconcile answer): the household's rules applied to
 * new rows of `account_id`, given column by column (one entry per row, same length).
 */
export const EvaluateRulesBody = Type.Object(
  {
    household_id: Id,
    account_id: Id,
    payees: Type.Array(Type.String()),
    amounts_cents: Type.Array(AmountCents),
    notes: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
export type EvaluateRulesBody = Static<typeof EvaluateRulesBody>;
/** What the rules set on one row (null fields: no rule set them); `rule_id` is the first rule that matched. */
export const RuleOutcome = Type.Object({
  rule_id: Id,
  category_id: NullableId,
  payee: NullableString,
  notes: NullableString,
});
export type RuleOutcome = Static<typeof RuleOutcome>;
/** One entry per row, in order: null when no rule matched. */
export const EvaluateRulesResponse = Type.Object({ results: Type.Array(Type.Union([RuleOutcome, Type.Null()])) });
export type EvaluateRulesResponse = Static<typeof EvaluateRulesResponse>;
/**
 * POST /internal/rules/count (svc-import's reconcile): how many rules the household has, so an
 * import into a household without rules sends no rows to evaluate.
 */
export const RuleCountBody = Type.Object({ household_id: Id }, { additionalProperties: false });
export type RuleCountBody = Static<typeof RuleCountBody>;
export const RuleCountResponse = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export type RuleCountResponse = Static<typeof RuleCountResponse>;
