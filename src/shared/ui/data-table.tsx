// The table frame every workspace list uses (caption for screen readers,
// column headers, scrolling on narrow screens), and the small row buttons whose
// accessible name carries the row's name ("Approve <title>").
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { TABLE, TH } from './ui-classes'

export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string
  columns: readonly string[]
  /** The rows. */
  children: ReactNode
}) {
  return (
    // On a phone the table scrolls inside this frame, its header row with it;
    // the frame takes focus so the keyboard can scroll it too. `relative`: the
    // rows' visually hidden text is positioned, and would otherwise widen the
    // whole page instead of scrolling with the table.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-line bg-surface"
    >
      <table className={TABLE}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-canvas">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={TH}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  )
}

export interface RowButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'name'> {
  /** Read after the visible label, so each row's button has its own name. */
  name: ReactNode
}

export function RowButton({ name, children, ...button }: RowButtonProps) {
  return (
    <button type="button" {...button}>
      {children} <span className="sr-only">{name}</span>
    </button>
  )
}
