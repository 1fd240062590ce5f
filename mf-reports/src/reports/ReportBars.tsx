import { formatDollars } from '@hf/app-kit';
import { ChevronIcon } from '@hf/ui/icons';
import { useId, useState } from 'react';
import type { ReportItem } from './api';
import { barColorIndex, barPercent } from './report-items';

/** An item the person clicked: the item itself and the name the drill-down's title gives it. */
export interface OpenedItem {
  item: Pick<ReportItem, 'id' | 'name'>;
  /** "Parent: Child" for a sub-category. */
  label: string;
}

interface BarProps {
  item: Pick<ReportItem, 'id' | 'name' | 'value'>;
  label: string;
  largest: number;
  onOpen: (opened: OpenedItem) => void;
}

/** One bar: its name, a bar as wide as its share of the largest value, and its amount; a click opens the drill-down. */
function Bar({ item, label, largest, onOpen }: BarProps) {
  return (
    <button
      type="button"
      className="report-bar__item"
      title={`Show the transactions of ${label}`}
      onClick={() => onOpen({ item, label })}
    >
      <span className="report-bar__name">{item.name}</span>
      <span className="report-bar__track" aria-hidden="true">
        <span className="report-bar__fill" style={{ width: `${barPercent(item.value, largest)}%` }} />
      </span>
      <span className="report-bar__amount">{formatDollars(item.value)}</span>
    </button>
  );
}

function ParentBar({
  item,
  position,
  largest,
  onOpen,
}: {
  item: ReportItem;
  position: number;
  largest: number;
  onOpen: (opened: OpenedItem) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const childrenId = useId();
  const hasChildren = item.children.length > 0;
  return (
    <li className={`report-bar report-bar--c${barColorIndex(position)}`}>
      <div className="report-bar__row">
        {hasChildren ? (
          <button
            type="button"
            className="hf-icon-button report-bar__toggle"
            aria-expanded={expanded}
            aria-controls={childrenId}
            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${item.name}`}
            onClick={() => setExpanded((e) => !e)}
          >
            <ChevronIcon open={expanded} />
          </button>
        ) : (
          <span className="report-bar__toggle" aria-hidden="true" />
        )}
        <Bar item={item} label={item.name} largest={largest} onOpen={onOpen} />
      </div>
      {hasChildren && expanded && (
        <ul id={childrenId} className="report-bars report-bars--children" aria-label={`Sub-categories of ${item.name}`}>
          {item.children.map((child) => (
            <li key={`${child.id}-${child.name}`} className="report-bar report-bar--child">
              <div className="report-bar__row">
                <span className="report-bar__toggle" aria-hidden="true" />
                <Bar item={child} label={`${item.name}: ${child.name}`} largest={largest} onOpen={onOpen} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The horizontal bar list with expandable sub-categories and the total line. */
export function ReportBars({
  title,
  items,
  total,
  onOpen,
}: {
  title: string;
  items: readonly ReportItem[];
  total: number;
  onOpen: (opened: OpenedItem) => void;
}) {
  const largest = items.reduce((max, item) => Math.max(max, item.value), 0);
  return (
    <div className="report-bars-wrap">
      <ul className="report-bars" aria-label={title}>
        {items.map((item, i) => (
          <ParentBar key={`${item.id}-${item.name}`} item={item} position={i} largest={largest} onOpen={onOpen} />
        ))}
      </ul>
      <p className="report-total">
        <span>Total</span>
        <span className="report-total__amount">{formatDollars(total)}</span>
      </p>
    </div>
  );
}
