/**
 * @hf/calendar: calendar dates and months as strings (`calendar-date.ts`), month names
 * (`month-names.ts`) and typed-date entry (`entry-date.ts`).
 */
export * from './calendar-date';
export * from './month-names';
export { parseEntryDate, applyDateKey } from './entry-date';
