/**
 * What a screen reader hears while an account is moved (keyboard or pointer): the account's name
 * and its neighbours by name, as the category tree names the target category.
 */
export interface Named {
  id: number | string;
  name: string;
}

/** "Checking is at position 2 of 3, after Savings." / "...position 1 of 3, before Savings." */
export function placeAnnouncement(order: readonly Named[], id: Named['id']): string {
  const at = order.findIndex((a) => a.id === id);
  if (at < 0) return '';
  const me = order[at].name;
  const where = `position ${at + 1} of ${order.length}`;
  if (order.length === 1) return `${me} is at ${where}.`;
  return at === 0
    ? `${me} is at ${where}, before ${order[1].name}.`
    : `${me} is at ${where}, after ${order[at - 1].name}.`;
}

export function droppedAnnouncement(order: readonly Named[], id: Named['id']): string {
  const place = placeAnnouncement(order, id);
  const me = order.find((a) => a.id === id)?.name ?? '';
  return place ? `Dropped ${me}. ${place.replace(`${me} is at`, 'Now at')}` : '';
}

/** dnd-kit's pointer announcements with names instead of ids. */
export function pointerAnnouncements(accounts: readonly Named[]) {
  const name = (id: Named['id']) => accounts.find((a) => a.id === id)?.name ?? 'the account';
  return {
    onDragStart: ({ active }: { active: { id: Named['id'] } }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over }: { active: { id: Named['id'] }; over: { id: Named['id'] } | null }) =>
      over ? `${name(active.id)} is over ${name(over.id)}.` : `${name(active.id)} is no longer over an account.`,
    onDragEnd: ({ active, over }: { active: { id: Named['id'] }; over: { id: Named['id'] } | null }) =>
      over ? `Dropped ${name(active.id)} at the place of ${name(over.id)}.` : `${name(active.id)} was put back.`,
    onDragCancel: ({ active }: { active: { id: Named['id'] } }) => `${name(active.id)} was put back.`,
  };
}
