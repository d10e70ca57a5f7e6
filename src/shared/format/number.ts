// Numbers as the viewer's locale writes them.

const money = new Intl.NumberFormat(undefined, { minimumFractionDigits: 0, maximumFractionDigits: 2 })
const oneDecimal = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** A registration fee: "Free" when 0 (docs/product.md#screens), else the amount with a dollar sign. */
export function formatFee(fee: number): string {
  return fee === 0 ? 'Free' : `$${money.format(fee)}`
}

/** An average rating to one decimal (docs/product.md#constants). */
export function formatRating(value: number): string {
  return oneDecimal.format(value)
}
