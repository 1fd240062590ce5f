import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A list of fixed-height rows of which only those on screen are in the DOM (50,000 imported rows
 * stay smooth), in its own scroll box, as the register does. One row may be taller (`tallRow`:
 * a new row with its split lines open under it): its height is known, so nothing is measured,
 * and the box grows by the extra height so the row's lines are seen whole.
 */
export function VirtualRows({
  count,
  rowHeight,
  maxHeight,
  label,
  renderRow,
  tallRow,
}: {
  count: number;
  rowHeight: number;
  maxHeight: number;
  label: string;
  renderRow: (index: number) => ReactNode;
  tallRow?: { index: number; height: number } | null;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const extra = tallRow ? Math.max(0, tallRow.height - rowHeight) : 0;
  const heightOf = (index: number) => (tallRow && index === tallRow.index ? tallRow.height : rowHeight);
  const height = Math.min(maxHeight + extra, count * rowHeight + extra);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: heightOf,
    overscan: 8,
    initialRect: { width: 800, height },
  });
  // The row heights changed (a row's lines opened, grew or closed): the offsets are counted again.
  useEffect(() => virtualizer.measure(), [virtualizer, tallRow?.index, tallRow?.height, rowHeight]);
  return (
    <div
      ref={scrollRef}
      className="ledger-import-list"
      style={{ height }}
      role="list"
      aria-label={label}
      tabIndex={count * rowHeight > maxHeight ? 0 : undefined}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.index}
            role="listitem"
            className={`ledger-import-list__row${item.index % 2 ? ' is-alt' : ''}`}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              height: item.size,
              transform: `translateY(${item.start}px)`,
            }}
          >
            {renderRow(item.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
