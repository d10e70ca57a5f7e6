import { useMutation, useQuery } from '@tanstack/react-query'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import type { Material } from '#contract/entities'
import { errorMessage, serverMessage } from '#shared/api/api-error'
import { showAlert, showToast } from '#shared/ui/feedback'
import { DataTable, RowButton } from '#shared/ui/data-table'
import { Pager, useClampedPage } from '#shared/ui/pager'
import { StatusBadge } from '#shared/ui/status-badge'
import { QueryState } from '#shared/ui/query-state'
import { APPROVE_BUTTON, DANGER_BUTTON, NEUTRAL_BUTTON } from '#shared/ui/ui-classes'
import { formatDateTime } from '#shared/format/date'
import { useServerGate } from '#shared/offline/use-server-gate'
import { materialMutations } from '../api/material-mutations'
import { materialQueries } from '../api/material-queries'
import { MaterialViewerDialog } from './material-viewer-dialog'
import { MATERIALS_LOAD_FAILED } from './student-materials-grid'
import { OfflineReason } from '#shared/offline/offline-reason'

const APPROVE_FAILED = 'Failed to approve material'
const REJECT_FAILED = 'Failed to reject material'
const PAGE_SIZE = 10
const TABS = ['Pending', 'All'] as const
type Tab = (typeof TABS)[number]

const loadFailed = (error: unknown) => `${MATERIALS_LOAD_FAILED}: ${errorMessage(error)}`

function MaterialsTable({
  caption,
  materials,
  actions,
  withStatus,
}: {
  caption: string
  materials: Material[]
  actions: (m: Material) => React.ReactNode
  withStatus?: boolean
}) {
  return (
    <DataTable
      caption={caption}
      columns={['Title', 'Tutor', 'File', 'Uploaded', ...(withStatus ? ['Status'] : []), 'Actions']}
      rows={materials}
      rowKey={(m) => m._id}
      cells={(m) => [
        m.title,
        <span key="tutor" className="break-all">
          {m.tutorEmail}
        </span>,
        <span key="file" className="break-all">
          {m.fileName ?? m.fileType ?? '—'}
        </span>,
        formatDateTime(m.createdAt),
        ...(withStatus ? [<StatusBadge key="status" status={m.status} />] : []),
        <div key="actions" className="flex flex-wrap gap-2">
          {actions(m)}
        </div>,
      ]}
    />
  )
}

export function ManageMaterials() {
  const [tab, setTab] = useState<Tab>('Pending')
  const [page, setPage] = useState(1)
  const [open, setOpen] = useState<Material | null>(null)
  const pending = useQuery({ ...materialQueries.pending(), enabled: tab === 'Pending' })
  const all = useQuery({ ...materialQueries.page(page, PAGE_SIZE), enabled: tab === 'All' })
  useClampedPage(page, setPage, all.data?.total, PAGE_SIZE)
  const approve = useMutation(materialMutations.approve())
  const reject = useMutation(materialMutations.reject())
  const { offlineId, needsServer } = useServerGate()
  const id = useId()
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ Pending: null, All: null })

  async function act(kind: 'approve' | 'reject', material: Material) {
    const failed = kind === 'approve' ? APPROVE_FAILED : REJECT_FAILED
    try {
      const result = await (kind === 'approve' ? approve : reject).mutateAsync(material._id)
      if (result.success) showToast({ title: result.message || `Material ${kind}d`, icon: 'success' })
      else await showAlert({ title: failed, text: result.message, icon: 'error' })
    } catch (error) {
      await showAlert({ title: failed, text: serverMessage(error), icon: 'error' })
    }
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.indexOf(tab)
    let next: Tab | undefined
    if (event.key === 'ArrowRight') next = TABS[(index + 1) % TABS.length]
    else if (event.key === 'ArrowLeft') next = TABS[(index - 1 + TABS.length) % TABS.length]
    else if (event.key === 'Home') next = TABS[0]
    else if (event.key === 'End') next = TABS[TABS.length - 1]
    if (!next) return
    event.preventDefault()
    setTab(next)
    tabRefs.current[next]?.focus()
  }

  const view = (m: Material) => (
    <RowButton name={m.title} className={NEUTRAL_BUTTON} onClick={() => setOpen(m)}>
      View
    </RowButton>
  )

  return (
    <div>
      <OfflineReason id={offlineId} className="mb-3" />
      <div role="tablist" aria-label="Materials" className="mb-4 flex gap-2 border-b border-line">
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[name] = el
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
            className={`-mb-px border-b-2 px-4 py-2 font-semibold ${
              tab === name ? 'border-accent text-accent' : 'border-transparent text-ink-muted hover:text-ink'
            }`}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`} tabIndex={0}>
        {tab === 'Pending' ? (
          <QueryState
            query={pending}
            loading="Loading materials…"
            empty="No pending materials."
            isEmpty={(data) => data.length === 0}
            error={loadFailed}
          >
            {(data) => (
              <MaterialsTable
                caption="Pending materials"
                materials={data}
                actions={(m) => (
                  <>
                    {view(m)}
                    <RowButton
                      name={m.title}
                      className={APPROVE_BUTTON}
                      onClick={() => void act('approve', m)}
                      {...needsServer}
                    >
                      Approve
                    </RowButton>
                    <RowButton
                      name={m.title}
                      className={DANGER_BUTTON}
                      onClick={() => void act('reject', m)}
                      {...needsServer}
                    >
                      Reject
                    </RowButton>
                  </>
                )}
              />
            )}
          </QueryState>
        ) : (
          <QueryState
            query={all}
            loading="Loading materials…"
            empty="No materials yet."
            isEmpty={(data) => data.total === 0}
            error={loadFailed}
          >
            {(data) => (
              <>
                <MaterialsTable caption="All materials" materials={data.items} actions={view} withStatus />
                <Pager label="Materials pages" page={page} total={data.total} limit={PAGE_SIZE} onPage={setPage} />
              </>
            )}
          </QueryState>
        )}
      </div>
      {open ? <MaterialViewerDialog material={open} onClose={() => setOpen(null)} /> : null}
    </div>
  )
}
