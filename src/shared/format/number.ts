// Numbers as the viewer's locale writes them.
//
// The formatters are made by prepareNumberFormats(), which the entry calls in
// a task of its own before the app renders (src/main.tsx), or else on first
// use; never when this module is evaluated. The first formatter loads the
// locale's data, about 5–12 ms on a phone: inside the module's evaluation or
// inside the first card's render it made one long task of either
// (docs/performance.md#the-entry-in-two-tasks).

let money: Intl.NumberFormat | undefined
let oneDecimal: Intl.NumberFormat | undefined

const moneyFormat = () =>
  (money ??= new Intl.NumberFormat(undefined, { minimumFractionDigits: 0, maximumFractionDigits: 2 }))
const oneDecimalFormat = () =>
  (oneDecimal ??= new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 }))

/** Makes the formatters now (each once). */
export function prepareNumberFormats(): void {
  moneyFormat()
  oneDecimalFormat()
}

/** A registration fee: "Free" when 0 (docs/product.md#screens), else the amount with a dollar sign. */
export function formatFee(fee: number): string {
  return fee === 0 ? 'Free' : `$${moneyFormat().format(fee)}`
}

/** An average rating to one decimal (docs/product.md#constants). */
export function formatRating(value: number): string {
  return oneDecimalFormat().format(value)
}
