// The icons of toasts and dialogs. Decorative: the title next to an icon says
// what happened, so the icon is hidden from screen readers.
import { TONE } from './tone-classes'
export type StatusIconName = 'success' | 'error' | 'info' | 'warning'

const COLORS: Record<StatusIconName, string> = {
  success: TONE.success,
  error: TONE.danger,
  info: TONE.info,
  warning: TONE.warn,
}

const PATHS: Record<StatusIconName, string> = {
  success: 'M5 12.5l4.5 4.5L19 7.5',
  error: 'M7 7l10 10M17 7L7 17',
  info: 'M12 11v6M12 7.2v.1',
  warning: 'M12 6v8M12 17.5v.1',
}

export function StatusIcon({ name, size = 'md' }: { name: StatusIconName; size?: 'sm' | 'md' }) {
  const box = size === 'sm' ? 'h-7 w-7' : 'mx-auto mb-3 h-14 w-14'
  return (
    <span
      aria-hidden="true"
      data-icon={name}
      className={`inline-flex shrink-0 items-center justify-center rounded-full ${box} ${COLORS[name]}`}
    >
      <svg viewBox="0 0 24 24" className="h-3/5 w-3/5" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d={PATHS[name]} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  )
}
