import { useMutation, useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { AdminUser, User } from '#contract/entities'
import { safeUrl } from '#shared/safety/safe-url'
import { useDebouncedValue } from '#shared/hooks/use-debounced-value'
import { useServerGate } from '#shared/offline/use-server-gate'
import { DataTable, RowButton } from '#shared/ui/data-table'
import { Pager, useClampedPage } from '#shared/ui/pager'
import { QueryState } from '#shared/ui/query-state'
import { DANGER_BUTTON, INPUT, LABEL } from '#shared/ui/ui-classes'
import { api } from '#shared/api/http-client'
import { confirmDelete, runWithFeedback } from '#shared/ui/action-feedback'
import { describeOwned } from '../owned-records'
import { userMutations, userQueries } from '../api/user-queries'
import { OfflineReason } from '#shared/offline/offline-reason'

const ROLE_UPDATE_FAILED = 'Failed to update user role'

/** Whether the provider vouched for the account's email, as the admin's list says (a server that does not say: a dash). */
function verifiedText({ emailVerified }: AdminUser): string {
  if (emailVerified === undefined) return '—'
  if (emailVerified === null) return 'Not signed in yet'
  return emailVerified ? 'Verified' : 'Not verified'
}
const ADMIN_LOCKED = 'Admins cannot be changed or deleted.'
const PAGE_SIZE = 10

function Avatar({ user }: { user: User }) {
  const src = safeUrl(user.photo)
  if (src) return <img src={src} alt="" className="h-8 w-8 rounded-full object-cover" referrerPolicy="no-referrer" />
  const initial = (user.name || user.email || 'U').trim().charAt(0).toUpperCase()
  return (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
    >
      {initial}
    </span>
  )
}

export function ManageUsers() {
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const debounced = useDebouncedValue(search.trim(), 300)
  const users = useQuery(userQueries.page(debounced, page, PAGE_SIZE))
  useClampedPage(page, setPage, users.data?.total, PAGE_SIZE)
  const updateRole = useMutation(userMutations.updateRole())
  const remove = useMutation(userMutations.remove())
  const searchId = useId()
  const { offlineId, needsServer } = useServerGate()

  async function onRole(user: AdminUser, role: 'student' | 'tutor') {
    await runWithFeedback(() => updateRole.mutateAsync({ id: user._id, role }), {
      worked: (result) => result.modifiedCount > 0,
      success: `${user.name || user.email} is now a ${role}`,
      failed: ROLE_UPDATE_FAILED,
    })
  }

  async function onDelete(user: AdminUser) {
    // Say what goes with them before asking (docs/rules/deleting.md); if the count cannot be had, say so.
    const owned = await api('getUserOwned', { params: { id: user._id } }).catch(() => null)
    const ok = await confirmDelete(
      'Delete this user?',
      `${user.name || user.email} (${user.email}) will be deleted for good, ${
        owned ? `with ${describeOwned(owned)}` : 'with everything they own'
      }.`,
    )
    if (!ok) return
    await runWithFeedback(() => remove.mutateAsync(user._id), {
      worked: (result) => result.deletedCount > 0,
      success: 'User deleted',
      failed: 'Failed to delete the user',
    })
  }

  return (
    <div className="space-y-4">
      <OfflineReason id={offlineId} />
      <div className="max-w-md">
        <label htmlFor={searchId} className={LABEL}>
          Search users by name or email
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value)
            setPage(1)
          }}
          className={INPUT}
          autoComplete="off"
        />
      </div>
      <p className="text-sm text-ink-muted">{ADMIN_LOCKED}</p>
      <QueryState query={users} loading="Loading users…" empty="No users found." isEmpty={(data) => data.total === 0}>
        {(data) => (
          <>
            <DataTable
              caption="Users"
              columns={['User', 'Email', 'Email verified', 'Role', 'Actions']}
              rows={data.items}
              rowKey={(user) => user._id}
              cells={(user) => [
                <div key="user" className="flex items-center gap-2">
                  <Avatar user={user} />
                  {user.name || '—'}
                </div>,
                <span key="email" className="break-all">
                  {user.email}
                </span>,
                <span key="verified">{verifiedText(user)}</span>,
                user.role === 'admin' ? (
                  <span key="role" className="font-semibold">
                    admin
                  </span>
                ) : (
                  <select
                    key="role"
                    aria-label={`Role of ${user.email}`}
                    value={user.role}
                    disabled={updateRole.isPending && updateRole.variables?.id === user._id}
                    {...needsServer}
                    onChange={(e) => void onRole(user, e.target.value as 'student' | 'tutor')}
                    className="rounded border border-line-strong bg-surface px-2 py-1 text-ink"
                  >
                    <option value="student">student</option>
                    {/* The server refuses it too: only an email's proven owner may teach under it. */}
                    <option value="tutor" disabled={user.emailVerified === false}>
                      {user.emailVerified === false ? 'tutor (needs a verified email)' : 'tutor'}
                    </option>
                  </select>
                ),
                user.role === 'admin' ? (
                  <span key="actions" className="text-ink-muted">
                    Admin: cannot be changed or deleted
                  </span>
                ) : (
                  <RowButton
                    key="actions"
                    name={user.email}
                    className={DANGER_BUTTON}
                    onClick={() => void onDelete(user)}
                    {...needsServer}
                  >
                    Delete
                  </RowButton>
                ),
              ]}
            />
            <Pager label="Users pages" page={page} total={data.total} limit={PAGE_SIZE} onPage={setPage} />
          </>
        )}
      </QueryState>
    </div>
  )
}
