import { DndContext, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useKeyboardLift } from '../components/useKeyboardLift';
import { formatBalance, formatDollars } from '@hf/app-kit';
import { ACCOUNT_KIND_LABELS } from '@hf/contracts/ledger-limits';
import { EditIcon, GripIcon, TrashIcon } from '@hf/ui/icons';
import type { Account } from './api';
import { droppedAnnouncement, placeAnnouncement, pointerAnnouncements } from './reorder-announcements';
import { hasLaterDatedRows } from './balances';
import { IconButton } from '../components/IconButton';

interface ItemProps {
  account: Account;
  onEdit: (account: Account) => void;
  onDelete: (account: Account) => void;
  /** Keyboard reordering: this item is picked up. */
  lifted: boolean;
  onHandleKeyDown: (event: KeyboardEvent<HTMLButtonElement>, account: Account) => void;
  handleRef: (el: HTMLButtonElement | null) => void;
}

/** "Credit card, limit $2,000.00", "Savings, warns below $500.00", "Loan". */
function kindLine(account: Account): string {
  const label = ACCOUNT_KIND_LABELS[account.kind];
  if (account.credit_limit !== null) return `${label}, limit ${formatDollars(account.credit_limit)}`;
  if (account.low_balance_threshold !== null)
    return `${label}, warns below ${formatDollars(account.low_balance_threshold)}`;
  return label;
}

function SortableAccountItem({ account, onEdit, onDelete, lifted, onHandleKeyDown, handleRef }: ItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: account.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`ledger-account-item${isDragging || lifted ? ' is-dragging' : ''}`}
    >
      <button
        type="button"
        ref={(el) => {
          setActivatorNodeRef(el);
          handleRef(el);
        }}
        className="ledger-drag-handle"
        aria-label={`Drag to reorder ${account.name}`}
        title="Drag to reorder (or Space, arrow keys, Space)"
        {...attributes}
        aria-pressed={lifted}
        {...listeners}
        onKeyDown={(e) => onHandleKeyDown(e, account)}
      >
        <GripIcon />
      </button>
      <Link className="ledger-account-item__link" to={`/accounts/${account.id}/register`}>
        {account.name}
      </Link>
      <span className="ledger-muted ledger-account-item__kind">{kindLine(account)}</span>
      <span className="ledger-account-item__balance">
        {hasLaterDatedRows(account) ? (
          <>
            <span title="Balance today: rows dated today or earlier">
              {formatBalance(account.balance_today, account.kind)}
            </span>
            <span className="ledger-muted ledger-account-item__planned">
              after later-dated rows {formatBalance(account.balance, account.kind)}
            </span>
          </>
        ) : (
          formatBalance(account.balance, account.kind)
        )}
      </span>
      <span className="ledger-hover-actions">
        <IconButton label={`Edit ${account.name}`} title="Edit account name and kind" onClick={() => onEdit(account)}>
          <EditIcon />
        </IconButton>
        <IconButton label={`Delete ${account.name}`} title="Delete account" onClick={() => onDelete(account)} danger>
          <TrashIcon />
        </IconButton>
      </span>
    </li>
  );
}

export interface SortableAccountListProps {
  accounts: Account[];
  onReorder: (ordered: Account[]) => void;
  onEdit: (account: Account) => void;
  onDelete: (account: Account) => void;
}

/**
 * The account list with drag handles: the mouse or touch drags with dnd-kit; the keyboard picks
 * an account up with Space or Enter on its handle, moves it with the arrow keys (one place per
 * press, however fast) and drops it with Space or Enter; Escape puts it back.
 */
export function SortableAccountList({ accounts, onReorder, onEdit, onDelete }: SortableAccountListProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const keyboard = useKeyboardLift<{ id: number; order: number[] }>();
  const lifted = keyboard.lifted;
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const shown = lifted ? lifted.order.map((id) => byId.get(id)).filter((a): a is Account => a !== undefined) : accounts;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = accounts.findIndex((a) => a.id === active.id);
    const to = accounts.findIndex((a) => a.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(accounts, from, to));
  };

  const namesIn = (order: number[]) => order.map((id) => ({ id, name: byId.get(id)?.name ?? '' }));

  const onHandleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, account: Account) =>
    keyboard.onKeyDown(event, {
      pickUp: () => [
        { id: account.id, order: accounts.map((a) => a.id) },
        `Picked up ${account.name}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
      ],
      drop: (current) => {
        if (current.order.some((id, i) => id !== accounts[i]?.id)) onReorder(shown);
        return droppedAnnouncement(namesIn(current.order), account.id);
      },
      step: (current, delta) => {
        const from = current.order.indexOf(current.id);
        const to = Math.max(0, Math.min(current.order.length - 1, from + delta));
        const order = to === from ? current.order : arrayMove(current.order, from, to);
        return [to === from ? current : { ...current, order }, placeAnnouncement(namesIn(order), account.id)];
      },
      putBack: () => `${account.name} was put back.`,
    });

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: pointerAnnouncements(accounts),
        screenReaderInstructions: {
          draggable: 'To move an account with the keyboard, press Space or Enter on its handle.',
        },
      }}
    >
      <SortableContext items={shown.map((a) => a.id)} strategy={verticalListSortingStrategy}>
        <ul className="ledger-account-list" aria-label="Accounts">
          {shown.map((account) => (
            <SortableAccountItem
              key={account.id}
              account={account}
              onEdit={onEdit}
              onDelete={onDelete}
              lifted={lifted?.id === account.id}
              onHandleKeyDown={onHandleKeyDown}
              handleRef={keyboard.handleRef(account.id)}
            />
          ))}
        </ul>
      </SortableContext>
      <span className="hf-visually-hidden" aria-live="assertive">
        {keyboard.announcement}
      </span>
    </DndContext>
  );
}
