import { useEffect, useState } from 'react'
import { useDebouncedValue } from './use-debounced-value'

/**
 * A search box's text kept in the address: what is typed is sent once typing
 * pauses (`send`, which writes the address), and the box follows the address
 * when it changes otherwise (Back, a Clear button, a link).
 */
export function useTypedText(value: string, send: (text: string) => void) {
  const [text, setText] = useState(value)
  const [shown, setShown] = useState(value)
  if (value !== shown) {
    setShown(value)
    setText(value)
  }
  const paused = useDebouncedValue(text)
  useEffect(() => {
    if (paused === text && paused !== value) send(paused)
    // Only a pause sends; `send`, `text` and `value` are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paused])
  return [text, setText] as const
}
