import { droppedAnnouncement, placeAnnouncement, pointerAnnouncements } from './reorder-announcements';

const order = [
  { id: 1, name: 'Checking' },
  { id: 2, name: 'Savings' },
  { id: 3, name: 'Visa' },
];

describe('account reorder announcements', () => {
  it('name the account and its neighbour', () => {
    expect(placeAnnouncement(order, 1)).toBe('Checking is at position 1 of 3, before Savings.');
    expect(placeAnnouncement(order, 3)).toBe('Visa is at position 3 of 3, after Savings.');
    expect(placeAnnouncement([order[0]], 1)).toBe('Checking is at position 1 of 1.');
    expect(placeAnnouncement(order, 9)).toBe('');
  });

  it('say where an account was dropped', () => {
    expect(droppedAnnouncement(order, 2)).toBe('Dropped Savings. Now at position 2 of 3, after Checking.');
  });

  it('pointer drags speak names, not ids', () => {
    const a = pointerAnnouncements(order);
    expect(a.onDragStart({ active: { id: 2 } })).toBe('Picked up Savings.');
    expect(a.onDragOver({ active: { id: 2 }, over: { id: 3 } })).toBe('Savings is over Visa.');
    expect(a.onDragEnd({ active: { id: 2 }, over: { id: 1 } })).toBe('Dropped Savings at the place of Checking.');
    expect(a.onDragEnd({ active: { id: 2 }, over: null })).toBe('Savings was put back.');
    expect(a.onDragCancel({ active: { id: 3 } })).toBe('Visa was put back.');
  });
});
