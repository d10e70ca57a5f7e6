import { useState, type ReactNode } from 'react'
import type { BookingStatus } from '#contract/entities'
import { Animated } from './animated'
import { STATUS_TONE } from './tone-classes'
import { useMotionKit } from './use-motion-kit'

/**
 * A status in its pill. Once the app's motion is loaded, a status that
 * changes while on screen (approved, cancelled) pops in its new tint; the one
 * it first showed does not move.
 */
export function StatusPill({
  status,
  className,
  children,
  testId,
}: {
  status: string
  className: string
  children: ReactNode
  testId?: string
}) {
  const kit = useMotionKit()
  const [first] = useState(status)
  if (!kit || status === first)
    return (
      <span className={className} data-testid={testId}>
        {children}
      </span>
    )
  return (
    <kit.MotionScope>
      <Animated key={status} kit={kit} preset="STATUS" as="span" className={className} data-testid={testId}>
        {children}
      </Animated>
    </kit.MotionScope>
  )
}

export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <StatusPill
      status={status}
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_TONE[status]}`}
    >
      {status}
    </StatusPill>
  )
}
