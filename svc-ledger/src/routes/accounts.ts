import type { FastifyInstance } from 'fastify';
import { EVENTS, IdParams, MessageResponse } from '@hf/contracts';
import {
  Account,
  AccountBalanceQuery,
  AccountList,
  CreateAccountBody,
  LEDGER_LIMITS,
  RenameAccountBody,
  ReorderAccountsBody,
} from '@hf/contracts/ledger';
import type {
  AccountChangedV1,
  AccountClosedV1,
  AccountOpenedV2,
  AccountsReorderedV1,
  TransactionDeletedV1,
} from '@hf/contracts/ledger-events';
import { badRequest, conflict, notFound, identityOf } from '@hf/service-kit';
import { chunksBySize, detachLeg, snapshotBytes, toEventSnapshot, type TxRow } from '../domain/transaction-rules';
import { NEW_ACCOUNT_PROFILE, nextProfile, sameProfile, type Profile } from '../domain/account-profile';
import { amountToCents, requireDate } from '../domain/values';
import {
  accountSnapshot,
  accountSnapshotV2,
  getAccount,
  insertAccount,
  listAccounts,
  lockHouseholdAccounts,
  markAccountDeleted,
  setDefaultAccount,
  setSortOrders,
  updateAccount,
  type AccountRow,
} from '../repositories/accounts';
import type { LedgerWrite } from '../repositories/events';
import { announceChanged, applyChanges } from '../repositories/transaction-writes';
import { lockAccountRows, lockRows } from '../repositories/transactions';
import { runWrite } from '../write';
import { ACCOUNT_NOT_FOUND, LEDGER_ERRORS } from '../route-helpers';

function cleanAccountName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '') throw badRequest('Account name is required.');
  return name;
}

function assertNameFree(accounts: readonly AccountRow[], name: string, exceptId?: number): void {
  const taken = accounts.find((a) => a.id !== exceptId && a.name.toLowerCase() === name.toLowerCase());
  if (taken) throw conflict(`An account named "${taken.name}" already exists.`);
}

/** `?today=` as a real calendar date (2025-02-30 answers 400), or undefined. */
const todayOf = (query: AccountBalanceQuery): string | undefined =>
  query.today === undefined ? undefined : requireDate(query.today, 'today');

/** Accounts: list, read, create, rename or change the kind, delete, reorder. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: AccountBalanceQuery }>(
    '/api/accounts/',
    { schema: { querystring: AccountBalanceQuery, response: { 200: AccountList, ...LEDGER_ERRORS } } },
    async (request) => {
      return listAccounts(app.db, identityOf(request).householdId, undefined, todayOf(request.query), app.balanceCache);
    },
  );

  app.get<{ Params: IdParams; Querystring: AccountBalanceQuery }>(
    '/api/accounts/:id',
    { schema: { params: IdParams, querystring: AccountBalanceQuery, response: { 200: Account, ...LEDGER_ERRORS } } },
    async (request) => {
      const account = await getAccount(
        app.db,
        identityOf(request).householdId,
        request.params.id,
        todayOf(request.query),
        app.balanceCache,
      );
      if (!account) throw notFound(ACCOUNT_NOT_FOUND);
      return account;
    },
  );

  app.post<{ Body: CreateAccountBody }>(
    '/api/accounts/',
    { schema: { body: CreateAccountBody, response: { 201: Account, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const name = cleanAccountName(request.body.name);
      const startingBalance = amountToCents(request.body.starting_balance, 'starting_balance');
      const profile = nextProfile(NEW_ACCOUNT_PROFILE, request.body);
      const created = await runWrite(app, reply, actor, (w) => openAccount(w, name, startingBalance, profile));
      reply.code(201);
      return (await getAccount(app.db, actor.householdId, created.id))!;
    },
  );

  app.put<{ Params: IdParams; Body: RenameAccountBody }>(
    '/api/accounts/:id',
    { schema: { params: IdParams, body: RenameAccountBody, response: { 200: Account, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const name = cleanAccountName(request.body.name);
      await runWrite(app, reply, actor, async (w) => {
        const accounts = await lockHouseholdAccounts(w.client, actor.householdId);
        const account = accounts.find((a) => a.id === request.params.id);
        if (!account) throw notFound(ACCOUNT_NOT_FOUND);
        const profile = nextProfile(account, request.body);
        if (account.name === name && sameProfile(account, profile)) return;
        assertNameFree(accounts, name, account.id);
        const after = await updateAccount(w, account, name, profile);
        const data: AccountChangedV1 = { before: accountSnapshotV2(account), after: accountSnapshotV2(after) };
        w.emit(EVENTS.accountChanged, `account/${account.id}`, data);
      });
      return (await getAccount(app.db, actor.householdId, request.params.id))!;
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/accounts/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      await runWrite(app, reply, actor, (w) => closeAccount(w, request.params.id, actor.userId));
      return { message: 'Account deleted successfully.' };
    },
  );

  app.post<{ Body: ReorderAccountsBody }>(
    '/api/accounts/reorder',
    { schema: { body: ReorderAccountsBody, response: { 200: MessageResponse, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const ids = request.body.account_ids;
      if (ids.length > LEDGER_LIMITS.accounts) throw badRequest(`Too many accounts (limit ${LEDGER_LIMITS.accounts}).`);
      await runWrite(app, reply, actor, (w) => reorderAccounts(w, ids));
      return { message: 'Account order saved.' };
    },
  );
}

/**
 * Closes an account: it and its rows are soft-deleted, the other leg of each of its transfers
 * stays as an ordinary row naming it, and the default flag moves to the next account.
 */
async function closeAccount(w: LedgerWrite, accountId: number, userId: number): Promise<void> {
  const accounts = await lockHouseholdAccounts(w.client, w.householdId);
  const account = accounts.find((a) => a.id === accountId);
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  // Every row of the account (deleted ones too, so that no leg keeps pointing here).
  const rows = await lockAccountRows(w.client, w.householdId, account.id);
  const live = rows.filter((r) => !r.deleted);
  await applyChanges(
    w,
    live.map((r) => ({ before: r, after: { ...r, deleted: true, deleted_reason: 'account_closed' } })),
    'deleted',
    (changes) => {
      for (const part of chunksBySize(changes, (c) => snapshotBytes(c.before))) {
        const data: TransactionDeletedV1 = {
          transactions: part.map((c) => toEventSnapshot(c.before)),
          reason: 'account_closed',
        };
        w.emit(EVENTS.transactionDeleted, `account/${account.id}`, data);
      }
    },
  );
  // The other legs of its transfers stay as ordinary rows naming the deleted account.
  const peerIds = rows.filter((r) => r.transfer_transaction_id !== null).map((r) => r.transfer_transaction_id!);
  const peers = (await lockRows(w.client, w.householdId, peerIds)).filter((p: TxRow) => p.account_id !== account.id);
  await applyChanges(
    w,
    peers.map((p) => ({ before: p, after: detachLeg(p, account.name) })),
    'detached',
    announceChanged(w, 'transfer_detached'),
  );
  await markAccountDeleted(w, account.id, userId);
  let newDefault: number | null = null;
  if (account.is_default) {
    const next = accounts.find((a) => a.id !== account.id);
    if (next) {
      await setDefaultAccount(w.client, next.id);
      newDefault = next.id;
    }
  }
  const data: AccountClosedV1 = { account: accountSnapshot(account), new_default_account_id: newDefault };
  w.emit(EVENTS.accountClosed, `account/${account.id}`, data);
}

/** Opens an account (the household's first one is its default), last in the order. */
async function openAccount(
  w: LedgerWrite,
  name: string,
  startingBalance: number,
  profile: Profile,
): Promise<AccountRow> {
  const accounts = await lockHouseholdAccounts(w.client, w.householdId);
  assertNameFree(accounts, name);
  const sortOrder = accounts.reduce((max, a) => Math.max(max, a.sort_order + 1), 0);
  const account = await insertAccount(
    w.client,
    w.householdId,
    name,
    startingBalance,
    accounts.length === 0,
    sortOrder,
    profile,
  );
  const data: AccountOpenedV2 = { account: accountSnapshotV2(account) };
  w.emit(EVENTS.accountOpenedWithKind, `account/${account.id}`, data);
  return account;
}

/** Saves the household's account order; `ids` must list every account once. */
async function reorderAccounts(w: LedgerWrite, ids: number[]): Promise<void> {
  const accounts = await lockHouseholdAccounts(w.client, w.householdId);
  const known = new Set(accounts.map((a) => a.id));
  if (ids.some((id) => !known.has(id))) throw notFound(ACCOUNT_NOT_FOUND);
  if (new Set(ids).size !== ids.length || ids.length !== accounts.length) {
    throw badRequest('The new order must list every account exactly once.');
  }
  await setSortOrders(w.client, ids);
  const data: AccountsReorderedV1 = { account_ids: ids };
  w.emit(EVENTS.accountsReordered, `household/${w.householdId}`, data);
}
