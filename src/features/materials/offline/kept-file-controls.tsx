// What a student sees of the files kept on this device: on each material, its
// kept size (or why it is not kept) with Remove / Keep offline; above the
// list, the total with "Remove all". "Saved offline" appears only once the
// write resolved (the kept list is read back from the database).
import { useId } from 'react'
import type { Material } from '#contract/entities'
import { confirmDialog, showToast } from '#shared/ui/feedback'
import { formatFileSize } from '#shared/format/file-size'
import { OfflineReason } from '#shared/offline/offline-reason'
import { useOnline } from '#shared/offline/use-online'
import { SECONDARY_BUTTON, SMALL_BUTTON } from '#shared/ui/ui-classes'
import { AUTO_KEEP_MAX_FILE_LABEL, AUTO_KEEP_TOTAL_LABEL, canKeep, type KeptState } from './keep-materials'
import { useKeepMaterial, useRemoveAllKeptFiles, useRemoveKeptFile, type AutoKeepState } from './kept-material-queries'
import { errorMessage } from '#shared/api/api-error'

const OUTLINE_BUTTON = `${SMALL_BUTTON} border border-line-strong bg-surface text-ink hover:bg-muted`

interface KeptFileStatusProps {
  email: string
  material: Material
  kept: KeptState | undefined
  auto: AutoKeepState
}

export function KeptFileStatus({ email, material, kept, auto }: KeptFileStatusProps) {
  const online = useOnline()
  const keep = useKeepMaterial(email)
  const remove = useRemoveKeptFile(email)
  const id = useId()
  const file = kept?.files.find((f) => f.materialId === material._id)
  const problem =
    (keep.error ? errorMessage(keep.error) : null) ??
    (remove.error ? errorMessage(remove.error) : null) ??
    (file ? null : auto.failed.get(material._id))

  let body
  if (file) {
    body = (
      <>
        <span data-testid="kept-size">Saved offline · {formatFileSize(file.size)}</span>
        <button
          type="button"
          className={OUTLINE_BUTTON}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(material._id, {
              onSuccess: () => showToast({ title: `Removed “${material.title}” from this device`, icon: 'success' }),
            })
          }
        >
          Remove from device<span className="sr-only">: {material.title}</span>
        </button>
      </>
    )
  } else if (!canKeep(material)) {
    body = <span>This type of file is not kept offline.</span>
  } else if (kept === undefined) {
    body = null
  } else if (auto.saving.has(material._id)) {
    body = <span>Saving for offline…</span>
  } else {
    body = (
      <>
        <span>Not saved on this device</span>
        <button
          type="button"
          className={OUTLINE_BUTTON}
          disabled={!online || keep.isPending}
          aria-describedby={online ? undefined : `${id}-offline`}
          onClick={() => keep.mutate(material)}
        >
          {keep.isPending ? 'Saving…' : 'Keep offline'}
          <span className="sr-only">: {material.title}</span>
        </button>
        <OfflineReason id={`${id}-offline`} className="basis-full" />
      </>
    )
  }

  return (
    <div className="mt-2 text-sm text-ink-muted">
      <div className="flex flex-wrap items-center gap-2">{body}</div>
      {problem ? (
        <p role="alert" className="mt-1 text-sm font-medium text-danger">
          Not saved offline: {problem}
        </p>
      ) : null}
    </div>
  )
}

export function KeptFilesSummary({ email, kept }: { email: string; kept: KeptState | undefined }) {
  const removeAll = useRemoveAllKeptFiles(email)
  const files = kept?.files ?? []
  const total = files.reduce((sum, f) => sum + f.size, 0)

  async function onRemoveAll() {
    const ok = await confirmDialog({
      title: 'Remove all kept files?',
      text: 'The files are removed from this device only; you can keep them again while online.',
      confirmLabel: 'Remove all',
      danger: true,
    })
    if (!ok) return
    removeAll.mutate(undefined, {
      onSuccess: () => showToast({ title: 'Removed all kept files from this device', icon: 'success' }),
    })
  }

  return (
    <section aria-labelledby="kept-files-title" className="mb-6 rounded-lg border border-line bg-canvas p-4 text-sm">
      <h2 id="kept-files-title" className="font-semibold text-ink">
        Saved on this device for offline reading
      </h2>
      <p className="mt-1 text-ink-muted" data-testid="kept-total">
        {files.length === 0
          ? 'No files kept yet.'
          : `${files.length} ${files.length === 1 ? 'file' : 'files'}, ${formatFileSize(total)} in all.`}{' '}
        Files up to {AUTO_KEEP_MAX_FILE_LABEL} are kept automatically while you are online, up to{' '}
        {AUTO_KEEP_TOTAL_LABEL} in all; use Keep offline for others.
      </p>
      {files.length > 0 ? (
        <button
          type="button"
          className={`${SECONDARY_BUTTON} mt-3 text-sm`}
          disabled={removeAll.isPending}
          onClick={() => void onRemoveAll()}
        >
          Remove all kept files
        </button>
      ) : null}
      {removeAll.error ? (
        <p role="alert" className="mt-2 font-medium text-danger">
          {errorMessage(removeAll.error)}
        </p>
      ) : null}
    </section>
  )
}
