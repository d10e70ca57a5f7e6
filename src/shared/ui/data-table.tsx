// The table every workspace list uses (caption for screen readers, column
// headers), and the small row buttons whose accessible name carries the row's
// name ("Approve <title>"). On a phone and a tablet (below lg) each row is a
// card instead: its first cell as the card's title, each other cell under its
// column's name, and the last cell, the actions, along the card's foot, so
// every action is in reach without scrolling sideways. From lg the table
// scrolls inside its frame if it must.
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { TABLE, TD, TH } from './ui-classes'

export interface DataTableProps<T> {
  caption: string
  columns: readonly string[]
  rows: readonly T[]
  rowKey: (row: T) => string
  /** One cell per column, in the columns' order; the last is the row's actions when the last column is 'Actions'. */
  cells: (row: T) => ReactNode[]
}

const CELL = `${TD} max-lg:block max-lg:px-0 max-lg:py-0.5`

export function DataTable<T>({ caption, columns, rows, rowKey, cells }: DataTableProps<T>) {
  const actionsLast = columns[columns.length - 1] === 'Actions'
  return (
    // From lg the table scrolls inside this frame, its header row with it; the
    // frame takes focus so the keyboard can scroll it too. `relative`: the
    // rows' visually hidden text is positioned, and would otherwise widen the
    // whole page instead of scrolling with the table.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative rounded-lg lg:overflow-x-auto lg:border lg:border-line lg:bg-surface"
    >
      <table className={`${TABLE} max-lg:block`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-canvas max-lg:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={TH}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line max-lg:block max-lg:space-y-3 max-lg:divide-y-0">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              data-testid="table-row"
              className="max-lg:block max-lg:rounded-lg max-lg:border max-lg:border-line max-lg:bg-surface max-lg:p-3"
            >
              {cells(row).map((cell, index) => {
                const first = index === 0
                const actions = actionsLast && index === columns.length - 1
                return (
                  <td
                    key={columns[index]}
                    className={`${CELL} ${first ? 'max-lg:text-base max-lg:font-semibold' : ''} ${
                      actions ? 'max-lg:mt-2 max-lg:border-t max-lg:border-line max-lg:pt-2' : ''
                    }`}
                  >
                    {/* The column's name beside the value on a card; the table's header says it from lg. */}
                    {!first && !actions && (
                      <span aria-hidden="true" className="font-medium text-ink-muted lg:hidden">
                        {columns[index]}:{' '}
                      </span>
                    )}
                    {cell}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
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
