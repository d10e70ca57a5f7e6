import { LabelledInput } from './labelled-input'

/** A labelled search box whose text goes to `onText` as it is typed (the screen decides when to search). */
export function SearchField(props: {
  id: string
  label: string
  placeholder: string
  value: string
  onText: (text: string) => void
}) {
  const { onText, ...input } = props
  return <LabelledInput type="search" {...input} onChange={(event) => onText(event.target.value)} />
}
