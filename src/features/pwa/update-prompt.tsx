// The "A new version is ready" prompt. Reload activates the waiting service
// worker; when it takes control, every open tab reloads onto it
// (register-service-worker.ts), so this tab does not reload by itself. A tab
// whose form has unsaved text is not reloaded under its user: it shows the
// prompt again, saying the typing is kept, and reloads when asked.
import { useState } from 'react'
import { acceptUpdate, UPDATE_KEEPS_TYPING, useUpdateWaiting } from './update-available'

export function UpdatePrompt() {
  const { waiting, asked } = useUpdateWaiting()
  const [reloading, setReloading] = useState(false)
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--bottom-bar-space,0px)_+_1rem)] z-50 flex justify-center px-4"
    >
      {waiting && (
        <div className="pointer-events-auto flex items-center gap-4 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg">
          <p>
            A new version is ready
            {asked ? <span className="block text-xs opacity-90">{UPDATE_KEEPS_TYPING}</span> : null}
          </p>
          <button
            type="button"
            disabled={reloading}
            onClick={() => {
              setReloading(true)
              acceptUpdate()
            }}
            className="rounded bg-amber-400 px-3 py-1 font-semibold text-slate-950 hover:bg-amber-300 disabled:opacity-70"
          >
            {reloading ? 'Reloading…' : 'Reload'}
          </button>
        </div>
      )}
    </div>
  )
}
