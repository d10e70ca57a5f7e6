import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { User } from '../../../contract/entities'
import { errorMessage } from '../../../shared/api/api-error'
import { safeUrl } from '../../../shared/safety/safe-url'
import { confirmDialog, showAlert, showToast } from '../../../shared/ui/feedback'
import { useDebouncedValue } from '../../workspace/hooks/use-debounced-value'
import { ListState } from '../../workspace/components/page-heading'
import { Pager, useClampedPage } from '../../workspace/components/pager'
import { DANGER_BUTTON, INPUT, LABEL, TABLE, TD, TH } from '../../workspace/components/ui-classes'
import { serverMessage } from '../../workspace/format'
import { useDeleteUser, userQueries, useUpdateUserRole } from '../api/user-queries'
import { OfflineReason } from '../../offline/offline-reason'
import { useOnline } from '../../offline/use-online'

export const ROLE_UPDATE_FAILED = 'Failed to update user role'
export const ADMIN_LOCKED = 'Admins cannot be changed or deleted.'
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
  const updateRole = useUpdateUserRole()
  const remove = useDeleteUser()
  const searchId = useId()
  const online = useOnline()
  const offlineId = useId()
  // Server actions wait for a connection; the reason is read with each one.
  const needsServer = online ? {} : { disabled: true, 'aria-describedby': offlineId }

  async function onRole(user: User, role: 'student' | 'tutor') {
    try {
      const result = await updateRole.mutateAsync({ id: user._id, role })
      if (result.modifiedCount > 0) showToast({ title: `${user.name || user.email} is now a ${role}`, icon: 'success' })
      else await showAlert({ title: ROLE_UPDATE_FAILED, icon: 'error' })
    } catch (error) {
      await showAlert({ title: ROLE_UPDATE_FAILED, text: serverMessage(error), icon: 'error' })
    }
  }

  async function onDelete(user: User) {
    const ok = await confirmDialog({
      title: 'Delete this user?',
      text: `${user.name || user.email} (${user.email}) will be deleted for good.`,
      confirmLabel: 'Delete',
      danger: true,
    })
    if (!ok) return
    try {
      const result = await remove.mutateAsync(user._id)
      if (result.deletedCount > 0) showToast({ title: 'User deleted', icon: 'success' })
      else await showAlert({ title: 'Failed to delete the user', icon: 'error' })
    } catch (error) {
      await showAlert({ title: 'Failed to delete the user', text: serverMessage(error), icon: 'error' })
    }
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
      <p className="text-sm text-slate-700">{ADMIN_LOCKED}</p>
      {users.isPending ? (
        <ListState kind="loading">Loading users…</ListState>
      ) : users.isError ? (
        <ListState kind="error">{errorMessage(users.error)}</ListState>
      ) : users.data.total === 0 ? (
        <ListState kind="empty">No users found.</ListState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className={TABLE}>
              <caption className="sr-only">Users</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={TH}>
                    User
                  </th>
                  <th scope="col" className={TH}>
                    Email
                  </th>
                  <th scope="col" className={TH}>
                    Role
                  </th>
                  <th scope="col" className={TH}>
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {users.data.items.map((user) => (
                  <tr key={user._id}>
                    <td className={TD}>
                      <div className="flex items-center gap-2">
                        <Avatar user={user} />
                        {user.name || '—'}
                      </div>
                    </td>
                    <td className={TD}>{user.email}</td>
                    <td className={TD}>
                      {user.role === 'admin' ? (
                        <span className="font-semibold">admin</span>
                      ) : (
                        <select
                          aria-label={`Role of ${user.email}`}
                          value={user.role}
                          disabled={updateRole.isPending && updateRole.variables?.id === user._id}
                          {...needsServer}
                          onChange={(e) => void onRole(user, e.target.value as 'student' | 'tutor')}
                          className="rounded border border-slate-400 bg-white px-2 py-1 text-slate-900"
                        >
                          <option value="student">student</option>
                          <option value="tutor">tutor</option>
                        </select>
                      )}
                    </td>
                    <td className={TD}>
                      {user.role === 'admin' ? (
                        <span className="text-slate-700">Admin: cannot be changed or deleted</span>
                      ) : (
                        <button
                          type="button"
                          className={DANGER_BUTTON}
                          onClick={() => void onDelete(user)}
                          {...needsServer}
                        >
                          Delete <span className="sr-only">{user.email}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label="Users pages" page={page} total={users.data.total} limit={PAGE_SIZE} onPage={setPage} />
        </>
      )}
    </div>
  )
}
