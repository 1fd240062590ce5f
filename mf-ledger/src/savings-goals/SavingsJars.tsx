import { errorMessage, formatDollars, useAccounts } from '@hf/app-kit';
import { ConfirmDialog, Modal, StatusMessage, useTimedMessage } from '@hf/ui';
import { EditIcon, TrashIcon } from '@hf/ui/icons';
import { ProgressBar } from '@hf/ui/progress-bar';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import './savings-goals.css';
import { DASHBOARD_QUERY_KEY, goalsApi, jarProgress, JARS_QUERY_KEY, useJars, type Jar, type JarBody } from './api';
import { draftOf, JarFields } from './JarForm';
import { IconButton } from '../components/IconButton';

/** The texts of this section (jars are managed here: docs/decisions/0076-jars-on-accounts-page.md). */
export const JAR_MESSAGES = {
  fetchFailed: 'Could not fetch savings jars.',
  created: 'Savings jar created successfully.',
  createFailed: 'Could not create savings jar.',
  updated: 'Savings jar updated successfully.',
  updateFailed: 'Could not update savings jar.',
  deleted: 'Savings jar deleted successfully.',
  deleteFailed: 'Could not delete savings jar.',
  empty: 'No savings jars yet. Add one below to start saving toward a goal.',
  noAccounts: 'Add an account first: a savings jar saves in one of your accounts.',
} as const;

function JarItem({ goal, onEdit, onDelete }: { goal: Jar; onEdit: () => void; onDelete: () => void }) {
  const progress = jarProgress(goal.saved_amount, goal.target_amount);
  return (
    <li className="ledger-jars__item">
      <div className="ledger-jars__line">
        <span className="ledger-jars__name">{goal.name}</span>
        <span className="ledger-jars__account">{goal.account_name}</span>
        <span className="ledger-jars__amounts hf-num">
          {formatDollars(goal.saved_amount)} of {formatDollars(goal.target_amount)}
        </span>
        <span className="ledger-jars__buttons">
          <IconButton className="hf-icon-button" label={`Edit ${goal.name}`} title="Edit" onClick={onEdit}>
            <EditIcon />
          </IconButton>
          <IconButton className="hf-icon-button" label={`Delete ${goal.name}`} title="Delete" onClick={onDelete}>
            <TrashIcon />
          </IconButton>
        </span>
      </div>
      <ProgressBar value={progress} tone="neutral" label={`${goal.name} saved`} />
    </li>
  );
}

/**
 * "Savings Jars" on the Accounts page (issue 7's decision: jars are managed here; the budget
 * page keeps its Piggy Banks placeholder). List with name, account, saved, target and a progress
 * bar; add, edit and delete (with a confirmation); 3-second status messages. Every change
 * refreshes the jars and the dashboard's queries (its widget lists the jars).
 */
export function SavingsJars() {
  const queryClient = useQueryClient();
  const accounts = useAccounts();
  const goals = useJars();
  const { message, show } = useTimedMessage();
  const [editing, setEditing] = useState<Jar | null>(null);
  const [deleting, setDeleting] = useState<Jar | null>(null);
  const editFormId = useId();

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: JARS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
    ]);

  // A renamed or deleted account changes the jars' account names (or removes jars): follow the
  // account list, which the Accounts page refreshes after each of its changes.
  const accountsVersion = useRef<number | null>(null);
  useEffect(() => {
    if (!accounts.dataUpdatedAt) return;
    if (accountsVersion.current !== null && accountsVersion.current !== accounts.dataUpdatedAt) {
      void queryClient.invalidateQueries({ queryKey: JARS_QUERY_KEY });
    }
    accountsVersion.current = accounts.dataUpdatedAt;
  }, [accounts.dataUpdatedAt, queryClient]);

  const accountList = accounts.data ?? [];
  const defaultAccount = (accountList.find((a) => a.is_default) ?? accountList[0])?.id;

  const create = async (body: JarBody) => {
    try {
      await goalsApi.create(body);
      show(JAR_MESSAGES.created);
      await refresh();
      return true;
    } catch (err) {
      show(errorMessage(err, JAR_MESSAGES.createFailed), 'error');
      return false;
    }
  };

  const update = async (goal: Jar, body: JarBody) => {
    const changed: Partial<JarBody> = {};
    if (body.name !== goal.name) changed.name = body.name;
    if (body.account_id !== goal.account_id) changed.account_id = body.account_id;
    if (body.target_amount !== goal.target_amount) changed.target_amount = body.target_amount;
    setEditing(null);
    if (Object.keys(changed).length === 0) return true;
    try {
      await goalsApi.update(goal.id, changed);
      show(JAR_MESSAGES.updated);
    } catch (err) {
      show(errorMessage(err, JAR_MESSAGES.updateFailed), 'error');
    }
    await refresh();
    return true;
  };

  const remove = async (goal: Jar) => {
    setDeleting(null);
    try {
      await goalsApi.remove(goal.id);
      show(JAR_MESSAGES.deleted);
    } catch (err) {
      show(errorMessage(err, JAR_MESSAGES.deleteFailed), 'error');
    }
    await refresh();
  };

  return (
    <section className="ledger-jars" aria-labelledby="ledger-jars-title">
      <h2 id="ledger-jars-title" className="ledger-jars__title">
        Savings Jars
      </h2>
      <StatusMessage message={message} />
      {goals.isPending ? (
        <p className="ledger-muted">Loading savings jars...</p>
      ) : goals.isError ? (
        <p role="alert" className="hf-status hf-status--error">
          {JAR_MESSAGES.fetchFailed}
        </p>
      ) : goals.data.length === 0 ? (
        <p className="hf-empty">{JAR_MESSAGES.empty}</p>
      ) : (
        <ul className="ledger-jars__list" aria-label="Savings jars">
          {goals.data.map((goal) => (
            <JarItem key={goal.id} goal={goal} onEdit={() => setEditing(goal)} onDelete={() => setDeleting(goal)} />
          ))}
        </ul>
      )}
      {accounts.data && accountList.length === 0 ? (
        <p className="ledger-muted">{JAR_MESSAGES.noAccounts}</p>
      ) : accounts.data ? (
        <div className="ledger-jars__form-card">
          <h3 className="ledger-subtitle">Add a Savings Jar</h3>
          <JarFields
            key={defaultAccount ?? ''}
            className="ledger-jars__form"
            ariaLabel="Add savings jar"
            initial={draftOf(null, defaultAccount)}
            accounts={accountList}
            resetOnSave
            onSubmit={create}
          >
            <button type="submit" className="hf-button hf-button--primary">
              Add Jar
            </button>
          </JarFields>
        </div>
      ) : null}
      {editing && (
        <Modal
          title="Edit Savings Jar"
          onClose={() => setEditing(null)}
          footer={
            <>
              <button type="button" className="hf-button" onClick={() => setEditing(null)}>
                Cancel
              </button>
              <button type="submit" form={editFormId} className="hf-button hf-button--primary">
                Save Changes
              </button>
            </>
          }
        >
          <JarFields
            formId={editFormId}
            initial={draftOf(editing, defaultAccount)}
            accounts={accountList}
            onSubmit={(body) => update(editing, body)}
          />
        </Modal>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          message="Are you sure you want to delete this savings jar? The money in its account stays where it is."
          confirmLabel="Delete"
          cancelLabel="Cancel"
          destructive
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
