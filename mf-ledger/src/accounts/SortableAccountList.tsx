import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { EditIcon, GripIcon, TrashIcon } from '../components/icons';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { formatDollars } from '../money';
import { Link } from 'react-router';
import type { Account } from './api';

interface ItemProps {
  account: Account;
  onEdit: (account: Account) => void;
  onDelete: (account: Account) => void;
}

function SortableAccountItem({ account, onEdit, onDelete }: ItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: account.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`ledger-account-item${isDragging ? ' is-dragging' : ''}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="ledger-drag-handle"
        aria-label={`Drag to reorder ${account.name}`}
        title="Drag to reorder"
        {...attributes}
        {...listeners}
      >
        <GripIcon />
      </button>
      <Link className="ledger-account-item__link" to={`/accounts/${account.id}/register`}>
        {account.name}
      </Link>
      <span className="ledger-account-item__balance">{formatDollars(account.balance)}</span>
      <span className="ledger-hover-actions">
        <button type="button" className="ledger-icon-button" aria-label={`Edit ${account.name}`} title="Edit account name" onClick={() => onEdit(account)}>
          <EditIcon />
        </button>
        <button type="button" className="ledger-icon-button ledger-icon-button--danger" aria-label={`Delete ${account.name}`} title="Delete account" onClick={() => onDelete(account)}>
          <TrashIcon />
        </button>
      </span>
    </li>
  );
}

/** The account list with drag handles (dnd-kit sortable; keyboard: Space, arrows, Space). */
export interface SortableAccountListProps {
  accounts: Account[];
  onReorder: (ordered: Account[]) => void;
  onEdit: (account: Account) => void;
  onDelete: (account: Account) => void;
}

export function SortableAccountList({ accounts, onReorder, onEdit, onDelete }: SortableAccountListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = accounts.findIndex((a) => a.id === active.id);
    const to = accounts.findIndex((a) => a.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(accounts, from, to));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={accounts.map((a) => a.id)} strategy={verticalListSortingStrategy}>
        <ul className="ledger-account-list" aria-label="Accounts">
          {accounts.map((account) => (
            <SortableAccountItem key={account.id} account={account} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
