import '../ledger.css';
import { ApiError } from '@hf/app-kit';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { AccountNotFound } from '../account-shell/AccountNotFound';
import { accountQueryKey, AccountShell } from '../account-shell/AccountShell';
import { accountsApi } from '../accounts/api';
import { MappingPage } from '../import/MappingPage';
import { ReconcilePage } from '../import/ReconcilePage';
import { Register } from '../register/Register';
import { RecentlyDeleted } from '../history/RecentlyDeleted';

const isAccountId = (param: string | undefined) =>
  param !== undefined && /^[1-9]\d{0,9}$/.test(param) && Number(param) <= 2147483647;

/**
 * /accounts/:accountId/*: the account shell around register, reconcile and import/map. An id
 * that is not one of the household's accounts (malformed, unknown, another household's: the
 * ledger answers 404) shows a not-found page instead of a register that would accept entries.
 */
export default function AccountRoutes() {
  const { accountId: param } = useParams();
  const accountId = Number(param);
  const valid = isAccountId(param);
  // The same query as the shell's header (one request, shared cache).
  const account = useQuery({
    queryKey: accountQueryKey(accountId),
    queryFn: () => accountsApi.get(accountId),
    enabled: valid,
  });
  if (!valid || (account.error instanceof ApiError && account.error.status === 404)) return <AccountNotFound />;
  return (
    <AccountShell key={accountId} accountId={accountId}>
      {({ refreshToken }) => (
        <Routes>
          <Route
            path="register"
            element={<Register key={accountId} accountId={accountId} refreshToken={refreshToken} />}
          />
          <Route path="reconcile" element={<ReconcilePage key={accountId} accountId={accountId} />} />
          <Route path="import/map" element={<MappingPage key={accountId} accountId={accountId} />} />
          <Route path="deleted" element={<RecentlyDeleted key={accountId} accountId={accountId} />} />
          <Route path="*" element={<Navigate to={`/accounts/${param}/register`} replace />} />
        </Routes>
      )}
    </AccountShell>
  );
}
