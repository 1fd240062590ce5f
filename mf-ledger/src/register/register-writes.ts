import type { DialogRequests } from '@hf/app-kit';
import type { CalendarDate } from '@hf/calendar';
import type { HighlightKind } from './hooks';
import type { RegisterStore } from './register-store';
import type { RegisterRefresh } from './use-register-refresh';
import type { ScrollTo } from './use-register-scroll';

/** What the register's writes (the entry line, a row's edit) need: the store, the questions, the errors and the new row shown. */
export interface RegisterWrites extends RegisterRefresh {
  today: CalendarDate;
  store: RegisterStore;
  dialogs: DialogRequests;
  showError: (text: string) => void;
  /** Category text to id through the creation flow; null means "stop". */
  resolveCategory: (text: string) => Promise<{ id: number | null } | null>;
  flash: (id: number, kind: HighlightKind) => void;
  scrollTo: ScrollTo;
}
