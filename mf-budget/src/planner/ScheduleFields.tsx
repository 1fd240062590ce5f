import type { CalendarDate } from '@hf/calendar';
import type { PredictableFrequency, WeekendRule } from '@hf/contracts/budget-limits';
import {
  fieldsOf,
  FREQUENCY_CHOICES,
  parseScheduleDraft,
  startLabel,
  WEEKEND_CHOICES,
  withFrequency,
  type DraftField,
  type ScheduleDraft,
} from './schedule-draft';
import { scheduleSummary } from './schedule-text';

export interface ScheduleFieldsProps {
  draft: ScheduleDraft;
  onChange: (draft: ScheduleDraft) => void;
  today: CalendarDate;
  /** The field in error (aria-invalid, described by `messageId`). */
  invalid: DraftField | null;
  messageId: string;
}

/**
 * The schedule part of the add form and of the edit dialog: how often, then only the fields that
 * frequency uses, the optional end and the weekend rule (`ScheduleSummary` says it in plain
 * words). Each field carries `data-field` so a form can focus the one in error.
 */
export function ScheduleFields({ draft, onChange, today, invalid, messageId }: ScheduleFieldsProps) {
  const fields = fieldsOf(draft.frequency);
  const set = (patch: Partial<ScheduleDraft>) => onChange({ ...draft, ...patch });
  const errorProps = (field: DraftField) =>
    invalid === field ? { 'aria-invalid': true as const, 'aria-describedby': messageId } : {};
  const unit = draft.frequency === 'every_n_weeks' ? 'weeks' : 'months';

  return (
    <>
      <label className="hf-field budget-schedule__often">
        <span>How often</span>
        <select
          value={draft.frequency}
          onChange={(e) => onChange(withFrequency(draft, e.target.value as PredictableFrequency, today))}
        >
          {FREQUENCY_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      {fields.interval && (
        <label className="hf-field budget-schedule__interval">
          <span>Every</span>
          <span className="budget-schedule__unit">
            <input
              data-field="interval"
              type="number"
              min={2}
              max={unit === 'weeks' ? 52 : 12}
              step={1}
              inputMode="numeric"
              aria-label={`Every how many ${unit}`}
              value={draft.interval}
              onChange={(e) => set({ interval: e.target.value })}
              {...errorProps('interval')}
            />
            <span aria-hidden="true">{unit}</span>
          </span>
        </label>
      )}
      {fields.day && (
        <DayField
          label="Day"
          field="day"
          text={draft.day}
          last={draft.lastDay}
          onText={(day) => set({ day })}
          onLast={(lastDay) => set({ lastDay })}
          errorProps={errorProps('day')}
        />
      )}
      {fields.days && (
        <>
          <DayField
            label="First day"
            field="firstDay"
            text={draft.firstDay}
            onText={(firstDay) => set({ firstDay })}
            errorProps={errorProps('firstDay')}
          />
          <DayField
            label="Second day"
            field="secondDay"
            text={draft.secondDay}
            last={draft.secondLastDay}
            onText={(secondDay) => set({ secondDay })}
            onLast={(secondLastDay) => set({ secondLastDay })}
            errorProps={errorProps('secondDay')}
          />
        </>
      )}
      <label className="hf-field budget-schedule__date">
        <span>{startLabel(draft.frequency)}</span>
        <input
          data-field="start"
          type="date"
          value={draft.start}
          onChange={(e) => set({ start: e.target.value })}
          {...errorProps('start')}
        />
      </label>
      {fields.end && (
        <label className="hf-field budget-schedule__date">
          <span>Until (optional)</span>
          <input
            data-field="end"
            type="date"
            value={draft.end}
            onChange={(e) => set({ end: e.target.value })}
            {...errorProps('end')}
          />
        </label>
      )}
      <label className="hf-field budget-schedule__weekend">
        <span>If it falls on a weekend</span>
        <select value={draft.weekend} onChange={(e) => set({ weekend: e.target.value as WeekendRule })}>
          {WEEKEND_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** The schedule in plain words as it is typed (empty while a field is missing or wrong); read out when it changes. */
export function ScheduleSummary({ draft, today }: { draft: ScheduleDraft; today: CalendarDate }) {
  const parsed = parseScheduleDraft(draft);
  return (
    <p className="budget-schedule__summary" aria-live="polite">
      {parsed.ok ? scheduleSummary(parsed.schedule, today) : ''}
    </p>
  );
}

/** A day of the month (1..31), with a "Last day of the month" box where the last day is allowed. */
function DayField(props: {
  label: string;
  field: DraftField;
  text: string;
  last?: boolean;
  onText: (text: string) => void;
  onLast?: (last: boolean) => void;
  errorProps: object;
}) {
  return (
    <div className="budget-schedule__day">
      <label className="hf-field">
        <span>{props.label}</span>
        <input
          data-field={props.field}
          type="number"
          min={1}
          max={31}
          step={1}
          inputMode="numeric"
          disabled={props.last}
          value={props.last ? '' : props.text}
          onChange={(e) => props.onText(e.target.value)}
          {...props.errorProps}
        />
      </label>
      {props.onLast && (
        <label className="hf-check">
          <input type="checkbox" checked={!!props.last} onChange={(e) => props.onLast?.(e.target.checked)} />
          <span>Last day of the month</span>
        </label>
      )}
    </div>
  );
}
