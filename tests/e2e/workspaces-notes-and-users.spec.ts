// The workspaces across roles, in the built app (both builds, @live): a
// student's notes, and the admin's role changes. Each step is a test of its
// own: what the steps before it would have left is seeded through the API
// (./workspaces-helpers.ts), and the page signs in only as the role whose
// screen the step is about.
import { callApi, idTokens, logInAs } from './demo-accounts'
import { expect, test } from './fixtures'
import { EMAIL, seed, stamp, toastOrDialog } from './workspaces-helpers'

test.describe('workspaces', () => {
  test('a student writes, edits and deletes a note', { tag: '@live' }, async ({ page }) => {
    const note = `Lenses ${stamp()}`
    await logInAs(page, 'student')
    await page.goto('/dashboard/create-note')
    await page.getByRole('button', { name: 'Create Note' }).click()
    await expect(page.getByText('Please provide title and description')).toHaveAttribute('role', 'alert')
    await page.getByLabel('Title').fill(note)
    await page.getByLabel('Description').fill('Focal length')
    await page.getByRole('button', { name: 'Create Note' }).click()
    await expect(toastOrDialog(page, 'Note saved')).toBeVisible()
    await page.goto('/dashboard/my-notes')
    await page.getByRole('button', { name: `Edit ${note}` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit note' })
    await edit.getByLabel('Description').fill('')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(edit.getByRole('alert')).toHaveText('Both fields are required')
    await edit.getByLabel('Description').fill('Focal length and magnification')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(edit).toBeHidden()
    await expect(page.getByText('Focal length and magnification')).toBeVisible()
    await page.getByRole('button', { name: `Delete ${note}` }).click()
    await page.getByRole('alertdialog', { name: 'Delete this note?' }).getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('button', { name: `Edit ${note}` })).toHaveCount(0)
  })

  // The admin's refused role change below is a 403 the browser reports on its own.
  test.describe(() => {
    test.use({ allowedConsoleErrors: [[/the server responded with a status of 403/], { scope: 'test' }] })

    test('the admin changes a user’s role; an admin’s cannot be changed', { tag: '@live' }, async ({ page }) => {
      await logInAs(page, 'admin')
      await page.goto('/dashboard/manage-users')
      // A student of this test's own (the seeded ones are every other test's), signed up as the app does,
      // with an email the provider vouches for: only such an account may be made a tutor.
      const email = `role-change-${stamp()}@studyhub.test`
      const [idToken] = await idTokens(page, 'verifiedSignUp', [{ email, password: 'role-change-1' }])
      await seed(
        page,
        idToken!,
        '/users',
        { method: 'POST', body: { email, name: 'Role Change', photo: 'https://ui-avatars.com/api/?name=R' } },
        201,
      )
      const users = await callApi<{ _id: string; email: string; role: string }[]>(page, '/users?page=1&limit=1000')
      expect(users.body.find((u) => u.email === email)?.role).toBe('student')
      await page.getByLabel('Search users by name or email').fill(email)
      const role = page.getByRole('combobox', { name: `Role of ${email}` })
      await expect(page.getByRole('row')).toHaveCount(2)
      await expect(
        page.getByRole('row').filter({ hasText: email }).getByRole('cell', { name: 'Verified' }),
      ).toBeVisible()
      await role.selectOption('tutor')
      await expect(toastOrDialog(page, `is now a tutor`)).toBeVisible()
      const after = await callApi<{ email: string; role: string }[]>(page, `/users?search=${encodeURIComponent(email)}`)
      expect(after.body.find((u) => u.email === email)?.role).toBe('tutor')
      await page.getByLabel('Search users by name or email').fill(EMAIL.admin)
      const adminRow = page.getByRole('row').filter({ hasText: EMAIL.admin })
      await expect(adminRow).toContainText('Admin: cannot be changed or deleted')
      await expect(adminRow.getByRole('combobox')).toHaveCount(0)
      await expect(adminRow.getByRole('button', { name: /Delete/ })).toHaveCount(0)
      const adminUser = users.body.find((u) => u.email === EMAIL.admin)!
      const refused = await callApi(page, `/users/${adminUser._id}/role`, {
        method: 'PATCH',
        body: { role: 'student' },
      })
      expect(refused.status).toBeGreaterThanOrEqual(400)
    })
  })
})
