import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNTS_QUERY_KEY, errorMessage, useAccounts } from '@hf/app-kit';
import { ConfirmDialog, StatusMessage, useTimedMessage } from '@hf/ui';
import { accountsApi, type Account } from './api';
import { AccountEditModal } from './AccountEditModal';
import { AccountForm, type NewAccount } from './AccountForm';
import type { KindBody } from './kind-draft';
import { SortableAccountList } from './SortableAccountList';
import './accounts.css';

/**
 * The Accounts page's content (docs/rules/screens.md, "Other screens"): the sortable list, the add form, the
 * edit modal and the delete confirmation, with the 3-second status line. The list is the
 * shared ['accounts'] query, so the header's Accounts dropdown follows every change.
 */
export function AccountsManager() {
  const queryClient = useQueryClient();
  const accounts = useAccounts<Account>();
  const { message, show } = useTimedMessage();
  const [editing, setEditing] = useState<Account | null>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY });

  const create = async ({ name, startingBalance, kind }: NewAccount) => {
    try {
      await accountsApi.create(name, startingBalance, kind);
      show('Account created successfully.');
      await refresh();
      return true;
    } catch (err) {
      show(errorMessage(err, 'Could not create account.'), 'error');
      return false;
    }
  };

  const update = async (account: Account, name: string, kind: KindBody) => {
    setEditing(null);
    try {
      await accountsApi.update(account.id, name, kind);
      show('Account updated successfully.');
    } catch (err) {
      show(errorMessage(err, 'Could not update account name.'), 'error');
    }
    await refresh();
  };

  const remove = async (account: Account) => {
    setDeleting(null);
    try {
      await accountsApi.remove(account.id);
      show('Account deleted successfully.');
    } catch {
      show('Could not delete account.', 'error');
    }
    await refresh();
  };

  const reorder = async (ordered: Account[]) => {
    queryClient.setQueryData(ACCOUNTS_QUERY_KEY, ordered);
    try {
      await accountsApi.reorder(ordered.map((a) => a.id));
      show('Account order saved.');
    } catch {
      show('Failed to save account order.', 'error');
      await refresh();
    }
  };

  return (
    <div className="ledger-accounts">
      <StatusMessage message={message} />
      {accounts.isError && (
        <p role="alert" className="hf-status hf-status--error">
          Could not fetch accounts.
        </p>
      )}
      {accounts.isPending ? (
        <p className="ledger-muted">Loading accounts...</p>
      ) : accounts.data && accounts.data.length > 0 ? (
        <SortableAccountList accounts={accounts.data} onReorder={reorder} onEdit={setEditing} onDelete={setDeleting} />
      ) : accounts.data ? (
        <p className="hf-empty">No accounts found. Add one below to get started.</p>
      ) : null}
      <AccountForm onCreate={create} />
      {editing && (
        <AccountEditModal
          account={editing}
          onCancel={() => setEditing(null)}
          onSubmit={(name, kind) => update(editing, name, kind)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          message="Are you sure you want to delete this account? Its transactions and scheduled items will be deleted too."
          confirmLabel="Delete"
          cancelLabel="Cancel"
          destructive
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
