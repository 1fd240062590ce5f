/**
 * The register's first page (svc-ledger `GET /accounts/{id}/transactions?limit=400`, the newest
 * rows) in one place for mf-ledger's register and the shell: a page load of
 * `/accounts/{id}/register` asks for it at start-up, while mf-ledger's code is still loading, and
 * the register takes that answer instead of asking once it has rendered. Imported by its subpath
 * (`@hf/app-kit/ledger/register-start`), outside the package index.
 */
import type { RegisterPage } from '@hf/contracts';
import { startRequest, takeArrivedRequest, takeStartedRequest } from '@hf/app-kit';

/** The newest rows come first (today and the planned rows are among them) in one small answer. */
export const REGISTER_FIRST_PAGE_ROWS = 400;

export const registerPagePath = (accountId: number) => `/accounts/${accountId}/transactions`;

/** The account of a register path (`/accounts/12/register`), else null. */
export function registerAccountOf(path: string): number | null {
  const match = /^\/accounts\/([1-9]\d{0,9})\/register\/?$/.exec(path);
  const id = match ? Number(match[1]) : NaN;
  return id <= 2147483647 ? id : null;
}

/** Starts the first page's request of the register of `accountId`. */
export function startRegisterFirstPage(accountId: number): void {
  startRequest(registerPagePath(accountId), { limit: REGISTER_FIRST_PAGE_ROWS });
}

/** The first page started for `accountId` (see startRegisterFirstPage), at most once, else null. */
export function takeRegisterFirstPage(accountId: number): Promise<RegisterPage> | null {
  return takeStartedRequest<RegisterPage>(registerPagePath(accountId), { limit: REGISTER_FIRST_PAGE_ROWS });
}

/** The first page started for `accountId` when its answer has already arrived (at most once), else null. */
export function takeArrivedRegisterFirstPage(accountId: number): RegisterPage | null {
  return (
    takeArrivedRequest<RegisterPage>(registerPagePath(accountId), { limit: REGISTER_FIRST_PAGE_ROWS })?.value ?? null
  );
}
