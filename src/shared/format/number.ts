// Numbers as the viewer's locale writes them.
//
// Each formatter is made on first use, not when the module is evaluated: the
// first one loads the locale's data, about 5 ms on a phone (20 at 4× CPU), and
// this module is part of the entry's evaluation (docs/performance.md#the-entry-in-two-tasks).

let money: Intl.NumberFormat | undefined
let oneDecimal: Intl.NumberFormat | undefined

/** A registration fee: "Free" when 0 (docs/product.md#screens), else the amount with a dollar sign. */
export function formatFee(fee: number): string {
  return fee === 0
    ? 'Free'
    : `$${(money ??= new Intl.NumberFormat(undefined, { minimumFractionDigits: 0, maximumFractionDigits: 2 })).format(fee)}`
}

/** An average rating to one decimal (docs/product.md#constants). */
export function formatRating(value: number): string {
  return (oneDecimal ??= new Intl.NumberFormat(undefined, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })).format(value)
}
