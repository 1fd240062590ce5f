import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

/**
 * A list of fixed-height rows of which only those on screen are in the DOM (50,000 imported rows
 * stay smooth), in its own scroll box, as the register does.
 */
export function VirtualRows({
  count,
  rowHeight,
  maxHeight,
  label,
  renderRow,
}: {
  count: number;
  rowHeight: number;
  maxHeight: number;
  label: string;
  renderRow: (index: number) => ReactNode;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const height = Math.min(maxHeight, count * rowHeight);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    initialRect: { width: 800, height },
  });
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
              height: rowHeight,
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
