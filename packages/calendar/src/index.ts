/** @hf/calendar: calendar dates and months as strings (`calendar-date.ts`) and typed-date entry (`entry-date.ts`). */
export * from './calendar-date';
export { parseEntryDate, applyDateKey } from './entry-date';
