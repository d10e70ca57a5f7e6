// Materials: a tutor's uploads and https links, approved by the admin, shown
// to students with an approved booking, their files opened only by those who
// may read them, and deleted with their files.
import { describe, expect, it, vi } from 'vitest'
import type { Material } from '#contract/entities'
import type { Api } from '../harness/api-client'
import {
  ADMIN,
  allBookings,
  allMaterials,
  allSessions,
  createBooking,
  createOpenSession,
  createSession,
  expectOk,
  materialForm,
  OTHER_STUDENT,
  OTHER_TUTOR,
  STUDENT,
  THIRD_STUDENT,
  TUTOR,
  type FilePart,
  uploadMaterial,
  userByEmail,
} from './fixtures'

export function materialTests(api: Api) {
  describe('materials', () => {
    const upload = (as: string, fields: Record<string, string | FilePart>) =>
      api.call('POST', '/materials', { as, body: materialForm(fields) })

    it('tutors upload for their own approved sessions; the file is served with safe headers', async () => {
      const session = await createOpenSession(api, TUTOR)
      const file = { name: 'notes.txt', type: 'text/plain', content: 'hello world' }
      const fields = { sessionId: session, title: 'Week 1', description: '', tutorEmail: TUTOR, file }
      const before = (await allMaterials(api)).length
      expect((await upload(OTHER_TUTOR, { ...fields, tutorEmail: OTHER_TUTOR })).status).toBe(403)
      expect((await upload(STUDENT, fields)).status).toBe(403)
      expect((await upload(TUTOR, { ...fields, title: '' })).status).toBe(400)
      const { file: _file, ...noFile } = fields
      const missing = await upload(TUTOR, noFile)
      expect(missing.status).toBe(400)
      expect(missing.data.message).toMatch(/file/)
      const pendingSession = await createSession(api, TUTOR)
      expect((await upload(TUTOR, { ...fields, sessionId: pendingSession })).status).toBe(409)
      expect((await allMaterials(api)).length).toBe(before)

      const ok = await upload(TUTOR, fields)
      expect(ok.status).toBe(201)
      expect(ok.data.success).toBe(true)
      const material = (await allMaterials(api)).find((m) => m._id === ok.data.insertedId)!
      expect(material).toMatchObject({ status: 'pending', fileName: 'notes.txt', fileType: 'text/plain', fileSize: 11 })
      expect(material).not.toHaveProperty('fileId')
      expect(material.fileUrl).toMatch(/^\/api\/files\/[0-9a-f]{32}$/)
      const res = await api.file(material.fileUrl, TUTOR)
      expect(await res.text()).toBe('hello world')
      expect(res.headers.get('Content-Disposition')).toMatch(/^inline; filename="notes.txt"/)
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(res.headers.get('Content-Security-Policy')).toBe('sandbox')

      // A PDF is shown by the browser's own viewer: inline, and without the sandbox, which would block it.
      const pdfBytes = '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'
      const pdf = await upload(TUTOR, {
        ...fields,
        file: { name: 'w1.pdf', type: 'application/pdf', content: pdfBytes },
      })
      expect(pdf.status).toBe(201)
      const pdfUrl = (await allMaterials(api)).find((m) => m._id === pdf.data.insertedId)!.fileUrl
      const servedPdf = await api.file(pdfUrl, TUTOR)
      expect(servedPdf.headers.get('Content-Type')).toBe('application/pdf')
      expect(servedPdf.headers.get('Content-Disposition')).toMatch(/^inline; filename="w1.pdf"/)
      expect(servedPdf.headers.get('Content-Security-Policy')).toBeNull()
      expect(await servedPdf.text()).toBe(pdfBytes)
      expect((await api.file('/api/files/0123456789abcdef0123456789abcdef', ADMIN)).status).toBe(404)
    })

    it('the admin approves or rejects pending materials; students see approved ones of approved bookings', async () => {
      const all = await allMaterials(api)
      const pendingIds = all.filter((m) => m.status === 'pending').map((m) => m._id)
      const pendingList = await api.call<Material[]>('GET', '/materials/pending', { as: ADMIN })
      expect(pendingList.data.map((m) => m._id).sort()).toEqual([...pendingIds].sort())
      const [first, second] = pendingIds
      const statusOf = async (id: string) => (await allMaterials(api)).find((m) => m._id === id)!.status
      expect((await api.call('PATCH', `/materials/${first}/approve`, { as: TUTOR })).status).toBe(403)
      expect((await api.call('PATCH', `/materials/${first}/approve`, { as: ADMIN })).data).toMatchObject({
        success: true,
      })
      expect(await statusOf(first!)).toBe('approved')
      const late = await api.call('PATCH', `/materials/${first}/reject`, { as: ADMIN })
      expect(late.status).toBe(409)
      expect(late.data).toMatchObject({ success: false, message: expect.any(String) })
      expect((await api.call('PATCH', `/materials/${second}/reject`, { as: ADMIN })).data).toMatchObject({
        success: true,
      })
      expect(await statusOf(second!)).toBe('rejected')
      expect((await api.call('PATCH', `/materials/${second}/approve`, { as: ADMIN })).status).toBe(409)
      expect(await statusOf(second!)).toBe('rejected')

      const approvedBooked = (await allBookings(api))
        .filter((b) => b.studentEmail === STUDENT && b.status === 'approved')
        .map((b) => b.sessionId)
      const mine = await api.call<Material[]>('GET', '/materials/approved', { as: STUDENT })
      expect(mine.data.length).toBeGreaterThan(0)
      for (const m of mine.data) {
        expect(m.status).toBe('approved')
        expect(approvedBooked).toContain(m.sessionId)
        expect(m).not.toHaveProperty('fileId')
      }
      const expected = (await allMaterials(api)).filter(
        (m) => m.status === 'approved' && approvedBooked.includes(m.sessionId),
      )
      expect(mine.data.map((m) => m._id).sort()).toEqual(expected.map((m) => m._id).sort())
      const sessionId = mine.data[0]!.sessionId
      const forSession = await api.call<Material[]>('GET', `/materials/session/${sessionId}`, { as: STUDENT })
      expect(forSession.status).toBe(200)
      expect(forSession.data.every((m) => m.status === 'approved')).toBe(true)
      const owner = (await allSessions(api)).find((s) => s._id === sessionId)!.tutorEmail
      const stranger = owner === TUTOR ? OTHER_TUTOR : TUTOR
      expect((await api.call('GET', `/materials/session/${sessionId}`, { as: stranger })).status).toBe(403)
      const notBooked = (await allSessions(api)).find(
        (s) => s.status === 'approved' && !approvedBooked.includes(s._id),
      )!
      expect((await api.call('GET', `/materials/session/${notBooked._id}`, { as: STUDENT })).status).toBe(403)
      expect((await api.call('GET', '/materials', { as: ADMIN })).data).toHaveLength(all.length)
      expect((await api.call('GET', '/materials', { as: STUDENT })).status).toBe(403)
      const tutorMaterials = await api.call<Material[]>('GET', `/materials/tutor/${TUTOR}`, { as: TUTOR })
      expect(tutorMaterials.data).toHaveLength(all.filter((m) => m.tutorEmail === TUTOR).length)
    })

    it('a file opens for its tutor and admins, and for students with an approved booking once approved', async () => {
      const session = await createOpenSession(api, TUTOR)
      await createBooking(api, STUDENT, session, 'approved')
      await createBooking(api, OTHER_STUDENT, session, 'pending')
      const id = (
        await api.call('POST', '/materials', {
          as: TUTOR,
          body: materialForm({
            sessionId: session,
            title: 'Slides',
            description: '',
            tutorEmail: TUTOR,
            file: { name: 'slides.txt', type: 'text/plain', content: 'slide 1' },
          }),
        })
      ).data.insertedId as string
      const url = (await allMaterials(api)).find((m) => m._id === id)!.fileUrl
      const status = async (as?: string) => (await api.file(url, as)).status
      expect(await status()).toBe(401)
      expect(await status(TUTOR)).toBe(200)
      expect(await status(ADMIN)).toBe(200)
      expect(await status(OTHER_TUTOR)).toBe(403)
      expect(await status(STUDENT)).toBe(403)
      expect((await api.call('PATCH', `/materials/${id}/approve`, { as: ADMIN })).status).toBe(200)
      expect(await status(STUDENT)).toBe(200)
      expect(await (await api.file(url, STUDENT)).text()).toBe('slide 1')
      expect(await status(OTHER_STUDENT)).toBe(403)
      expect(await status(THIRD_STUDENT)).toBe(403)
    })

    it('tutors share https links, with or without a file; any other link is refused naming its field', async () => {
      const session = await createOpenSession(api, TUTOR)
      await createBooking(api, STUDENT, session, 'approved')
      const base = { sessionId: session, title: 'Reading list', description: '', tutorEmail: TUTOR }
      for (const [field, value] of [
        ['link', 'javascript:alert(1)'],
        ['driveLink', 'http://drive.google.com/x'],
        ['link', 'https://school.edu@evil.example/'],
        ['link', `https://example.com/${'x'.repeat(2048)}`],
      ] as const) {
        const refused = await upload(TUTOR, { ...base, [field]: value })
        expect(refused.status, `${field}: ${value.slice(0, 40)}`).toBe(400)
        expect(refused.data.message).toMatch(new RegExp(`^${field}\\b`))
      }
      const image = await upload(TUTOR, { ...base, link: 'https://example.com/', image: 'https://example.com/x.png' })
      expect(image.status).toBe(400)
      expect(image.data.message).toMatch(/^image\b/)
      const nothing = await upload(TUTOR, base)
      expect(nothing.status).toBe(400)
      expect(nothing.data.message).toMatch(/file, a link or a drive link/)

      // A link alone is a material: no file, so no file URL and no file link.
      const shared = await upload(TUTOR, {
        ...base,
        link: ' https://Example.com/reading ',
        driveLink: 'https://drive.google.com/drive/folders/abc',
      })
      expect(shared.status).toBe(201)
      const id = shared.data.insertedId as string
      await expectOk(api.call('PATCH', `/materials/${id}/approve`, { as: ADMIN }))
      const seen = (await api.call<Material[]>('GET', '/materials/approved', { as: STUDENT })).data.find(
        (m) => m._id === id,
      )!
      expect(seen).toMatchObject({
        link: 'https://example.com/reading',
        driveLink: 'https://drive.google.com/drive/folders/abc',
        fileUrl: '',
      })
      expect(seen).not.toHaveProperty('image')
      expect(seen).not.toHaveProperty('fileName')
      expect((await api.call('GET', `/materials/${id}/file-link`, { as: STUDENT })).status).toBe(404)

      // With a file too, both are kept.
      const both = await upload(TUTOR, {
        ...base,
        driveLink: 'https://drive.google.com/x',
        file: { name: 'notes.txt', type: 'text/plain', content: 'hello' },
      })
      expect(both.status).toBe(201)
      const withFile = (await allMaterials(api)).find((m) => m._id === both.data.insertedId)!
      expect(withFile).toMatchObject({ driveLink: 'https://drive.google.com/x', fileName: 'notes.txt' })
      expect(withFile.fileUrl).toMatch(/^\/api\/files\/[0-9a-f]{32}$/)
    })

    it('"Open file": a reader gets a short-lived signed link that opens the file with no token; nobody else does', async () => {
      const session = await createOpenSession(api, TUTOR)
      const booking = await createBooking(api, STUDENT, session, 'approved')
      const approved = async (title: string) => {
        const id = await uploadMaterial(api, TUTOR, session, title)
        await expectOk(api.call('PATCH', `/materials/${id}/approve`, { as: ADMIN }))
        return (await allMaterials(api)).find((m) => m._id === id)!
      }
      const first = await approved('Week 1')
      const second = await approved('Week 2')
      const linkFor = (as: string | undefined, id = first._id) =>
        api.call<{ url: string; expiresAt: string }>('GET', `/materials/${id}/file-link`, { as })

      // Only readers get one.
      expect((await linkFor(undefined)).status).toBe(401)
      expect((await linkFor(OTHER_STUDENT)).status).toBe(403)
      expect((await linkFor(OTHER_TUTOR)).status).toBe(403)
      expect((await linkFor(TUTOR)).status).toBe(200)
      expect((await linkFor(ADMIN)).status).toBe(200)
      const issued = await linkFor(STUDENT)
      expect(issued.status).toBe(200)
      expect(issued.headers.get('Cache-Control')).toBe('no-store')
      const { url, expiresAt } = issued.data
      expect(url.startsWith(`${first.fileUrl}?`)).toBe(true)
      const lifetime = Date.parse(expiresAt) - Date.now()
      expect(lifetime).toBeGreaterThan(0)
      expect(lifetime).toBeLessThanOrEqual(5 * 60_000)

      // The link alone opens the file, with the headers every served file has.
      const opened = await api.file(url)
      expect(opened.status).toBe(200)
      expect(await opened.text()).toBe('hello world')
      expect(opened.headers.get('Content-Security-Policy')).toBe('sandbox')
      expect(opened.headers.get('X-Content-Type-Options')).toBe('nosniff')

      // Tampered: each part of the signed text, and the signature itself.
      const changed = (key: string, value: (old: string) => string) => {
        const next = new URL(url, 'http://x')
        next.searchParams.set(key, value(next.searchParams.get(key)!))
        return `${next.pathname}${next.search}`
      }
      const otherUser = (await userByEmail(api, OTHER_STUDENT))!._id
      const flip = (sig: string) => (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)
      for (const bad of [
        changed('signature', flip),
        changed('expires', (e) => String(Number(e) + 60)),
        changed('user', () => otherUser),
        changed('gen', (g) => String(Number(g) + 1)),
        url.replace(/&signature=[^&]*/, ''),
        // A link for one file opens no other, even one the same student may read.
        url.replace(first.fileUrl, second.fileUrl),
      ]) {
        const res = await api.file(bad)
        expect(res.status, bad).toBe(bad.includes('signature=') ? 403 : 401)
      }
      expect((await api.file(second.fileUrl)).status).toBe(401)

      // Expired: every target runs its server in this process, so moving this process's clock moves theirs.
      vi.useFakeTimers({ toFake: ['Date'] })
      try {
        vi.setSystemTime(Date.parse(expiresAt) + 1000)
        expect((await api.file(url)).status).toBe(403)
      } finally {
        vi.useRealTimers()
      }

      // A link ends with the credentials it was issued under: the tutor's, once they sign out of every device.
      const tutorsLink = (await linkFor(TUTOR)).data.url
      expect((await api.file(tutorsLink)).status).toBe(200)
      await expectOk(api.call('POST', '/users/me/sign-out-everywhere', { as: TUTOR }))
      expect((await api.file(tutorsLink)).status).toBe(403)

      // The reader is checked again when the file is served: without the booking, the link opens nothing.
      const fresh = (await linkFor(STUDENT)).data.url
      expect((await api.file(fresh)).status).toBe(200)
      await expectOk(api.call('DELETE', `/bookings/${booking}`, { as: ADMIN }))
      expect((await api.file(fresh)).status).toBe(403)
    })

    it('tutors delete their own materials, and the file with them', async () => {
      const mine = (await allMaterials(api)).find((m) => m.tutorEmail === TUTOR)!
      expect((await api.file(mine.fileUrl, TUTOR)).status).toBe(200)
      expect((await api.call('DELETE', `/materials/${mine._id}`, { as: OTHER_TUTOR })).status).toBe(403)
      expect((await api.call('DELETE', `/materials/${mine._id}`, { as: STUDENT })).status).toBe(403)
      expect((await api.call('DELETE', `/materials/${mine._id}`, { as: TUTOR })).data.deletedCount).toBe(1)
      expect((await allMaterials(api)).find((m) => m._id === mine._id)).toBeUndefined()
      expect((await api.file(mine.fileUrl, TUTOR)).status).toBe(404)
      expect((await api.call('DELETE', `/materials/${mine._id}`, { as: TUTOR })).status).toBe(404)
    })
  })
}
