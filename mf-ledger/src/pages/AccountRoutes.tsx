import '../ledger.css';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { AccountShell } from '../account-shell/AccountShell';
import { MappingPage } from '../import/MappingPage';
import { ReconcilePage } from '../import/ReconcilePage';
import { Register } from '../register/Register';

/** /accounts/:accountId/*: the account shell around register, reconcile and import/map. */
export default function AccountRoutes() {
  const { accountId: param } = useParams();
  const accountId = Number(param);
  return (
    <AccountShell key={accountId} accountId={accountId}>
      {({ refreshToken }) => (
        <Routes>
          <Route path="register" element={<Register key={accountId} accountId={accountId} refreshToken={refreshToken} />} />
          <Route path="reconcile" element={<ReconcilePage key={accountId} accountId={accountId} />} />
          <Route path="import/map" element={<MappingPage key={accountId} accountId={accountId} />} />
          <Route path="*" element={<Navigate to={`/accounts/${param}/register`} replace />} />
        </Routes>
      )}
    </AccountShell>
  );
}
