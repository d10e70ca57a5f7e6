// Integration tests of the demo server under msw/node: every route's happy
// path, the rules of spec §4–§6, 401/403, bad payloads (400, nothing changed)
// and idempotent replays. Each test starts from a fresh seed.
import { beforeEach, describe, expect, it } from 'vitest'
import { demoDb } from './db/demo-db'
import { APP_TOKEN, signJwt } from '../server/core/jwt'
import { storeOf } from './db/store-of'
import { call, idTokenFor, multipart, resetDemoDb, tokenFor } from './testing/sign-in'

const ADMIN = 'admin@studyhub.demo'
const TUTOR = 'tutor@studyhub.demo'
const OTHER_TUTOR = 'daniel.okafor@studyhub.demo'
const STUDENT = 'student@studyhub.demo'
const OTHER_STUDENT = 'liam.johnson@studyhub.demo'
const DAY = 86_400_000

const db = () => demoDb()
const sessionOf = async (filter: (s: { status: string; tutorEmail: string; registrationEnd: string }) => boolean) =>
  (await db().sessions.toArray()).find(filter)!
const openSession = () =>
  sessionOf((s) => s.status === 'approved' && Date.parse(s.registrationEnd) > Date.now() && s.tutorEmail === TUTOR)
const closedSession = () => sessionOf((s) => s.status === 'approved' && Date.parse(s.registrationEnd) < Date.now())

function newSession(overrides: Record<string, unknown> = {}) {
  const start = Date.now() + DAY
  return {
    title: 'Graph Theory Basics',
    subject: 'Mathematics',
    description: 'Paths, cycles and trees.',
    registrationStart: new Date(start).toISOString(),
    registrationEnd: new Date(start + 7 * DAY).toISOString(),
    classStart: new Date(start + 10 * DAY).toISOString(),
    classEnd: new Date(start + 30 * DAY).toISOString(),
    duration: 2,
    registrationFee: 15,
    tutorName: 'Priya Sharma',
    tutorEmail: TUTOR,
    status: 'pending',
    createdAt: new Date().toISOString(),
    ...overrides,
  }
}

beforeEach(() => resetDemoDb())

describe('seed', () => {
  it('has every status, fixed accounts, and Ongoing and Closed sessions among the first six approved', async () => {
    const { status, data } = await call('GET', '/sessions?status=approved')
    expect(status).toBe(200)
    const firstSix = (data as Array<{ registrationStart: string; registrationEnd: string }>).slice(0, 6)
    const ongoing = (s: { registrationStart: string; registrationEnd: string }) =>
      Date.parse(s.registrationStart) <= Date.now() && Date.now() <= Date.parse(s.registrationEnd)
    expect(firstSix.some(ongoing)).toBe(true)
    expect(firstSix.some((s) => !ongoing(s))).toBe(true)
    const sessions = await db().sessions.toArray()
    expect(sessions.length).toBe(40)
    expect(new Set(sessions.map((s) => s.status))).toEqual(new Set(['pending', 'approved', 'rejected']))
    expect(new Set((await db().bookings.toArray()).map((b) => b.status))).toEqual(
      new Set(['pending', 'approved', 'rejected']),
    )
    expect(new Set((await db().materials.toArray()).map((m) => m.fileType))).toEqual(
      new Set(['application/pdf', 'image/png', 'text/plain']),
    )
    const approvedIds = sessions.filter((s) => s.status === 'approved').map((s) => s._id)
    const reviewed = new Set((await db().reviews.toArray()).map((r) => r.sessionId))
    expect(approvedIds.some((id) => !reviewed.has(id))).toBe(true)
    // Every seeded user has a demo identity, bound to their record: no account is left to claim.
    for (const user of await db().users.toArray()) {
      const identity = await db().identities.where('email').equals(user.email).first()
      expect(identity?.uid).toBe(user.uid)
    }
  })

  it('serves a real PDF and PNG for seeded materials', async () => {
    const pdf = (await db().materials.toArray()).find((m) => m.fileType === 'application/pdf')!
    const admin = { Authorization: `Bearer ${await tokenFor(ADMIN)}` }
    const res = await fetch(`http://localhost:3000${pdf.fileUrl}`, { headers: admin })
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    const text = await res.text()
    expect(text.startsWith('%PDF-1.4')).toBe(true)
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
    const png = (await db().materials.toArray()).find((m) => m.fileType === 'image/png')!
    const bytes = new Uint8Array(
      await (await fetch(`http://localhost:3000${png.fileUrl}`, { headers: admin })).arrayBuffer(),
    )
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })

  it('POST /demo/reset restores the seed', async () => {
    await call('DELETE', `/notes/${(await db().notes.where('email').equals(STUDENT).first())!._id}`, { as: STUDENT })
    expect(await db().notes.where('email').equals(STUDENT).count()).toBe(2)
    expect((await call('POST', '/demo/reset')).status).toBe(200)
    expect(await db().notes.where('email').equals(STUDENT).count()).toBe(3)
  })
})

describe('auth: POST /jwt and tokens', () => {
  it('issues a token only against an ID token for the same email', async () => {
    expect((await call('POST', '/jwt', { body: { email: STUDENT } })).status).toBe(401)
    const forOther = await call('POST', '/jwt', { body: { email: ADMIN }, token: await idTokenFor(STUDENT) })
    expect(forOther.status).toBe(401)
    const appTokenAsProof = await call('POST', '/jwt', { body: { email: STUDENT }, as: STUDENT })
    expect(appTokenAsProof.status).toBe(401)
    const ok = await call<{ token: string }>('POST', '/jwt', {
      body: { email: STUDENT },
      token: await idTokenFor(STUDENT),
    })
    expect(ok.status).toBe(200)
    const me = await call('GET', `/users/${STUDENT}`, { token: ok.data.token })
    expect(me.status).toBe(200)
    expect(me.data.role).toBe('student')
  })

  it('rejects missing, tampered, expired and ID tokens on app routes with 401 {message}', async () => {
    const none = await call('GET', '/bookings')
    expect(none.status).toBe(401)
    expect(typeof none.data.message).toBe('string')
    const user = (await db().users.where('email').equals(ADMIN).first())!
    const secret = await storeOf(db()).meta.tokenSecret()
    const expired = await signJwt(
      secret,
      APP_TOKEN,
      { sub: user._id, email: ADMIN },
      60,
      Math.floor(Date.now() / 1000) - (2 * DAY) / 1000,
    )
    expect((await call('GET', '/bookings', { token: expired })).status).toBe(401)
    const good = await signJwt(secret, APP_TOKEN, { sub: user._id, email: ADMIN }, 600, Math.floor(Date.now() / 1000))
    const [h, , s] = good.split('.')
    const forged = `${h}.${btoa(JSON.stringify({ iss: 'studyhub-demo-server', aud: 'studyhub-api', sub: 'x', email: ADMIN, iat: 0, exp: 9e9 })).replace(/=+$/, '')}.${s}`
    expect((await call('GET', '/bookings', { token: forged })).status).toBe(401)
    expect((await call('GET', '/bookings', { token: await idTokenFor(ADMIN) })).status).toBe(401)
    expect((await call('GET', '/bookings', { token: good })).status).toBe(200)
  })

  it('re-reads the role on every request, so a role change applies at once', async () => {
    const tutorId = (await db().users.where('email').equals(TUTOR).first())!._id
    const token = await signJwt(
      await storeOf(db()).meta.tokenSecret(),
      APP_TOKEN,
      { sub: tutorId, email: TUTOR },
      600,
      Math.floor(Date.now() / 1000),
    )
    expect((await call('POST', '/sessions', { token, body: newSession() })).status).toBe(201)
    expect(
      (await call('PATCH', `/users/${tutorId}/role`, { as: ADMIN, body: { role: 'student' } })).data.modifiedCount,
    ).toBe(1)
    expect((await call('POST', '/sessions', { token, body: newSession() })).status).toBe(403)
  })
})

describe('users', () => {
  it('POST /users creates a student whatever role is asked, once', async () => {
    const signUp = await call('POST', '/demo-idp/sign-up', {
      body: { email: 'new.person@example.com', password: 'secret1' },
    })
    const idToken = signUp.data.idToken as string
    const first = await call('POST', '/users', {
      token: idToken,
      body: { email: 'new.person@example.com', role: 'admin', created_at: new Date().toISOString() },
    })
    // Asking for more than a student account is refused, and creates nothing.
    expect(first.status).toBe(400)
    expect(first.data.message).toMatch(/role/)
    expect(await db().users.where('email').equals('new.person@example.com').count()).toBe(0)
    const created = await call('POST', '/users', {
      token: idToken,
      body: { email: 'new.person@example.com', created_at: new Date().toISOString() },
    })
    expect(created.status).toBe(201)
    expect(created.data).toMatchObject({ acknowledged: true, existing: false })
    const again = await call('POST', '/users', {
      token: idToken,
      body: { email: 'new.person@example.com', name: 'New' },
    })
    expect(again.data).toEqual({ acknowledged: true, insertedId: null, existing: true })
    expect(await db().users.where('email').equals('new.person@example.com').count()).toBe(1)
    const me = await call('GET', '/users/new.person@example.com', { token: idToken })
    expect(me.data.role).toBe('student')
    // Google's 'user' role also becomes student.
    const g = await call('POST', '/demo-idp/google', { body: { email: 'riley.chen@gmail.example' } })
    await call('POST', '/users', { token: g.data.idToken, body: { email: 'riley.chen@gmail.example', role: 'user' } })
    expect((await db().users.where('email').equals('riley.chen@gmail.example').first())!.role).toBe('student')
  })

  it('POST /users refuses another email than the proof', async () => {
    const res = await call('POST', '/users', {
      token: await idTokenFor(STUDENT),
      body: { email: 'someone@example.com' },
    })
    expect(res.status).toBe(403)
    expect(await db().users.where('email').equals('someone@example.com').count()).toBe(0)
  })

  it('GET /users/{email} answers only for oneself or an admin', async () => {
    expect((await call('GET', `/users/${TUTOR}`, { as: STUDENT })).status).toBe(403)
    expect((await call('GET', `/users/${TUTOR}`, { token: await idTokenFor(STUDENT) })).status).toBe(403)
    expect((await call('GET', `/users/${TUTOR}`, { as: ADMIN })).data.role).toBe('tutor')
    expect((await call('GET', '/users/nobody@example.com', { as: ADMIN })).status).toBe(404)
    expect((await call('GET', `/users/${TUTOR}`)).status).toBe(401)
  })

  it('GET /users searches name or email, paged with X-Total-Count', async () => {
    const byName = await call('GET', '/users?search=okafor', { as: ADMIN })
    expect(byName.data.map((u: { email: string }) => u.email)).toEqual([OTHER_TUTOR])
    const byEmail = await call('GET', '/users?search=STUDENT@', { as: ADMIN })
    expect(byEmail.data.map((u: { email: string }) => u.email)).toEqual([STUDENT])
    const page = await call('GET', '/users?page=2&limit=5', { as: ADMIN })
    expect(page.data).toHaveLength(5)
    expect(page.headers.get('X-Total-Count')).toBe('14')
    expect((await call('GET', '/users', { as: TUTOR })).status).toBe(403)
  })

  it('PATCH /users/{id}/role: student or tutor only, never an admin', async () => {
    const student = (await db().users.where('email').equals(OTHER_STUDENT).first())!
    const admin = (await db().users.where('email').equals(ADMIN).first())!
    expect((await call('PATCH', `/users/${student._id}/role`, { as: ADMIN, body: { role: 'admin' } })).status).toBe(400)
    expect((await call('PATCH', `/users/${admin._id}/role`, { as: ADMIN, body: { role: 'student' } })).status).toBe(403)
    expect((await db().users.get(admin._id))!.role).toBe('admin')
    expect((await call('PATCH', `/users/${student._id}/role`, { as: TUTOR, body: { role: 'tutor' } })).status).toBe(403)
    const ok = await call('PATCH', `/users/${student._id}/role`, { as: ADMIN, body: { role: 'tutor' } })
    expect(ok.data).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect((await db().users.get(student._id))!.role).toBe('tutor')
    expect((await call('PATCH', '/users/nope/role', { as: ADMIN, body: { role: 'tutor' } })).status).toBe(404)
  })

  it('DELETE /users/{id} cascades to what the user owns and refuses admins', async () => {
    const admin = (await db().users.where('email').equals(ADMIN).first())!
    expect((await call('DELETE', `/users/${admin._id}`, { as: ADMIN })).status).toBe(403)
    const student = (await db().users.where('email').equals(STUDENT).first())!
    expect((await call('DELETE', `/users/${student._id}`, { as: ADMIN })).data.deletedCount).toBe(1)
    expect(await db().bookings.where('studentEmail').equals(STUDENT).count()).toBe(0)
    expect(await db().reviews.where('studentEmail').equals(STUDENT).count()).toBe(0)
    expect(await db().notes.where('email').equals(STUDENT).count()).toBe(0)
    const tutor = (await db().users.where('email').equals(TUTOR).first())!
    const tutorSessions = await db().sessions.where('tutorEmail').equals(TUTOR).primaryKeys()
    await call('DELETE', `/users/${tutor._id}`, { as: ADMIN })
    expect(await db().sessions.where('tutorEmail').equals(TUTOR).count()).toBe(0)
    expect(await db().bookings.where('sessionId').anyOf(tutorSessions).count()).toBe(0)
    expect(await db().materials.where('tutorEmail').equals(TUTOR).count()).toBe(0)
    expect((await db().files.toArray()).every((f) => !tutorSessions.includes(f.sessionId))).toBe(true)
  })
})

describe('sessions', () => {
  it('lists approved sessions publicly; other lists need a role', async () => {
    const anon = await call('GET', '/sessions?status=approved')
    expect(anon.status).toBe(200)
    expect(anon.data.every((s: { status: string }) => s.status === 'approved')).toBe(true)
    expect((await call('GET', '/sessions')).status).toBe(401)
    expect((await call('GET', '/sessions', { as: STUDENT })).status).toBe(403)
    expect((await call('GET', '/sessions', { as: ADMIN })).data).toHaveLength(40)
    expect((await call('GET', '/admin/sessions', { as: ADMIN })).data).toHaveLength(40)
    expect((await call('GET', '/admin/sessions', { as: TUTOR })).status).toBe(403)
    const pending = await call('GET', '/sessions/pending', { as: ADMIN })
    expect(pending.data.every((s: { status: string }) => s.status === 'pending')).toBe(true)
    const mine = await call('GET', `/sessions/tutor/${TUTOR}`, { as: TUTOR })
    expect(mine.data.length).toBe(8)
    expect((await call('GET', `/sessions/tutor/${TUTOR}`, { as: OTHER_TUTOR })).status).toBe(403)
  })

  it('pages with page and limit and reports X-Total-Count', async () => {
    const all = (await call('GET', '/sessions?status=approved')).data as Array<{ _id: string }>
    const page = await call('GET', '/sessions?status=approved&page=2&limit=5')
    expect(page.headers.get('X-Total-Count')).toBe(String(all.length))
    expect(page.data.map((s: { _id: string }) => s._id)).toEqual(all.slice(5, 10).map((s) => s._id))
    expect((await call('GET', '/sessions?status=approved&page=0&limit=5')).status).toBe(400)
    expect((await call('GET', '/sessions?status=bogus')).status).toBe(400)
  })

  it('computes averageRating and reviewCount from reviews (missing rating = 0)', async () => {
    const session = (await db().sessions.get((await db().reviews.toCollection().first())!.sessionId))!
    const reviews = await db().reviews.where('sessionId').equals(session._id).toArray()
    await db().reviews.add({ ...reviews[0]!, _id: 'unrated', studentEmail: 'x@example.com', rating: undefined })
    const all = [...reviews.map((r) => r.rating ?? 0), 0]
    const res = await call('GET', `/sessions/${session._id}`)
    expect(res.data.reviewCount).toBe(all.length)
    expect(res.data.averageRating).toBeCloseTo(all.reduce((a, b) => a + b, 0) / all.length)
  })

  it('GET /sessions/{id}: public when approved, else owner or admin; 404 when unknown', async () => {
    const pending = await sessionOf((s) => s.status === 'pending' && s.tutorEmail === TUTOR)
    expect((await call('GET', `/sessions/${pending._id}`)).status).toBe(401)
    expect((await call('GET', `/sessions/${pending._id}`, { as: OTHER_TUTOR })).status).toBe(403)
    expect((await call('GET', `/sessions/${pending._id}`, { as: TUTOR })).status).toBe(200)
    expect((await call('GET', `/sessions/${pending._id}`, { as: ADMIN })).status).toBe(200)
    const missing = await call('GET', '/sessions/000000000000000000000000')
    expect(missing).toMatchObject({ status: 404, data: { message: 'Session not found.' } })
  })

  it('creates sessions as pending, for tutors only, validating the payload', async () => {
    const created = await call('POST', '/sessions', { as: TUTOR, body: newSession() })
    expect(created.status).toBe(201)
    expect((await db().sessions.get(created.data.insertedId))!.status).toBe('pending')
    expect((await call('POST', '/sessions', { as: STUDENT, body: newSession() })).status).toBe(403)
    expect((await call('POST', '/sessions', { as: TUTOR, body: newSession({ tutorEmail: OTHER_TUTOR }) })).status).toBe(
      403,
    )
    const before = await db().sessions.count()
    const bad = await call('POST', '/sessions', { as: TUTOR, body: newSession({ duration: 0 }) })
    expect(bad.status).toBe(400)
    expect(bad.data.message).toMatch(/duration/)
    const noTitle = await call('POST', '/sessions', { as: TUTOR, body: newSession({ title: '  ' }) })
    expect(noTitle.data.message).toMatch(/title/)
    expect((await call('POST', '/sessions', { as: TUTOR, body: newSession({ registrationFee: -1 }) })).status).toBe(400)
    expect((await call('POST', '/sessions', { as: TUTOR, body: 'not json{' })).status).toBe(400)
    expect(await db().sessions.count()).toBe(before)
  })

  it('approve (fee 0 when Free), reject, resubmit: only from the right status', async () => {
    const a = (await call('POST', '/sessions', { as: TUTOR, body: newSession() })).data.insertedId
    expect((await call('PATCH', `/sessions/${a}/approve`, { as: TUTOR, body: { fee: 10 } })).status).toBe(403)
    const ok = await call('PATCH', `/sessions/${a}/approve`, { as: ADMIN, body: { fee: 40, type: 'Free' } })
    expect(ok.data).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect(await db().sessions.get(a)).toMatchObject({ status: 'approved', registrationFee: 0 })
    expect((await call('PATCH', `/sessions/${a}/approve`, { as: ADMIN, body: { fee: 1 } })).status).toBe(409)
    expect((await call('PATCH', `/sessions/${a}/reject`, { as: ADMIN })).status).toBe(409)

    const b = (await call('POST', '/sessions', { as: TUTOR, body: newSession() })).data.insertedId
    await call('PATCH', `/sessions/${b}/approve`, { as: ADMIN, body: { fee: 'abc', type: 'Paid' } })
    expect((await db().sessions.get(b))!.registrationFee).toBe(0)

    const c = (await call('POST', '/sessions', { as: TUTOR, body: newSession() })).data.insertedId
    expect((await call('PATCH', `/sessions/${c}/resubmit`, { as: TUTOR })).status).toBe(409)
    expect((await call('PATCH', `/sessions/${c}/reject`, { as: ADMIN })).data.modifiedCount).toBe(1)
    expect((await call('PATCH', `/sessions/${c}/resubmit`, { as: OTHER_TUTOR })).status).toBe(403)
    expect((await call('PATCH', `/sessions/${c}/resubmit`, { as: TUTOR })).data.modifiedCount).toBe(1)
    expect((await db().sessions.get(c))!.status).toBe('pending')
  })

  it('update and delete only approved sessions; delete cascades', async () => {
    const pending = await sessionOf((s) => s.status === 'pending')
    const body = { title: 'New title', subject: 'Maths', duration: 3, registrationFee: 5 }
    expect((await call('PATCH', `/sessions/${pending._id}`, { as: ADMIN, body })).status).toBe(409)
    expect((await call('DELETE', `/sessions/${pending._id}`, { as: ADMIN })).status).toBe(409)
    const session = await openSession()
    expect((await call('PATCH', `/sessions/${session._id}`, { as: TUTOR, body })).status).toBe(403)
    expect((await call('PATCH', `/sessions/${session._id}`, { as: ADMIN, body })).data.modifiedCount).toBe(1)
    expect(await db().sessions.get(session._id)).toMatchObject(body)
    const lenient = { title: 'T', subject: 'S', duration: 'x', registrationFee: '' }
    // A non-numeric duration becomes 0, which is refused: a session lasts at least an hour.
    const refused = await call('PATCH', `/sessions/${session._id}`, { as: ADMIN, body: lenient })
    expect(refused).toMatchObject({ status: 400, data: { message: 'duration must be at least 1 hour' } })
    await call('PATCH', `/sessions/${session._id}`, { as: ADMIN, body: { ...lenient, duration: '2' } })
    expect(await db().sessions.get(session._id)).toMatchObject({ duration: 2, registrationFee: 0 })
    expect(await db().bookings.where('sessionId').equals(session._id).count()).toBeGreaterThan(0)
    expect((await call('DELETE', `/sessions/${session._id}`, { as: ADMIN })).data.deletedCount).toBe(1)
    expect(await db().bookings.where('sessionId').equals(session._id).count()).toBe(0)
    expect(await db().reviews.where('sessionId').equals(session._id).count()).toBe(0)
    expect(await db().materials.where('sessionId').equals(session._id).count()).toBe(0)
    expect(await db().files.where('sessionId').equals(session._id).count()).toBe(0)
  })
})

describe('stats', () => {
  it('computes admin, student and tutor stats from the data', async () => {
    const admin = await call('GET', '/admin/stats', { as: ADMIN })
    const sessions = await db().sessions.toArray()
    expect(admin.data).toEqual({
      totalUsers: await db().users.count(),
      totalSessions: sessions.length,
      pending: sessions.filter((s) => s.status === 'pending').length,
      approved: sessions.filter((s) => s.status === 'approved').length,
      rejected: sessions.filter((s) => s.status === 'rejected').length,
      totalMaterials: await db().materials.count(),
    })
    expect((await call('GET', '/admin/stats', { as: TUTOR })).status).toBe(403)

    const student = await call('GET', `/student/stats/${STUDENT}`, { as: STUDENT })
    const approvedBooked = (await db().bookings.where('studentEmail').equals(STUDENT).toArray())
      .filter((b) => b.status === 'approved')
      .map((b) => b.sessionId)
    const visible = (await db().materials.toArray()).filter(
      (m) => m.status === 'approved' && approvedBooked.includes(m.sessionId),
    )
    expect(student.data).toEqual({
      totalBookings: await db().bookings.where('studentEmail').equals(STUDENT).count(),
      totalReviews: await db().reviews.where('studentEmail').equals(STUDENT).count(),
      totalMaterials: visible.length,
    })
    expect(visible.length).toBeGreaterThan(0)
    expect((await call('GET', `/student/stats/${STUDENT}`, { as: OTHER_STUDENT })).status).toBe(403)

    const tutor = await call('GET', `/tutor/stats/${TUTOR}`, { as: TUTOR })
    const ids = await db().sessions.where('tutorEmail').equals(TUTOR).primaryKeys()
    const ratings = (await db().reviews.where('sessionId').anyOf(ids).toArray()).map((r) => r.rating ?? 0)
    expect(tutor.data.totalSessions).toBe(ids.length)
    expect(tutor.data.totalMaterials).toBe(await db().materials.where('tutorEmail').equals(TUTOR).count())
    expect(tutor.data.avgRating).toBeCloseTo(ratings.reduce((a, b) => a + b, 0) / ratings.length)
    expect(tutor.data.totalStudents).toBeGreaterThan(0)
    expect((await call('GET', `/tutor/stats/${TUTOR}`, { as: OTHER_TUTOR })).status).toBe(403)
  })
})

describe('bookings', () => {
  it('a student books an open session once; refusals say why', async () => {
    const session = await openSession()
    const fresh = (await call('POST', '/sessions', { as: TUTOR, body: newSession() })).data.insertedId
    const body = { sessionId: session._id, studentEmail: OTHER_STUDENT, tutorEmail: TUTOR }
    await db().bookings.where('[studentEmail+sessionId]').equals([OTHER_STUDENT, session._id]).delete()
    const ok = await call('POST', '/bookings', { as: OTHER_STUDENT, body })
    expect(ok.status).toBe(201)
    expect(ok.data.success).toBe(true)
    expect((await db().bookings.get(ok.data.insertedId))!.status).toBe('pending')
    const again = await call('POST', '/bookings', { as: OTHER_STUDENT, body })
    expect(again).toMatchObject({
      status: 409,
      data: { success: false, message: 'You have already booked this session.' },
    })
    const closed = await closedSession()
    const late = await call('POST', '/bookings', { as: OTHER_STUDENT, body: { ...body, sessionId: closed._id } })
    expect(late.data).toMatchObject({ success: false, message: 'Registration for this session has closed.' })
    const notApproved = await call('POST', '/bookings', { as: OTHER_STUDENT, body: { ...body, sessionId: fresh } })
    expect(notApproved.data.success).toBe(false)
    expect((await call('POST', '/bookings', { as: TUTOR, body: { ...body, studentEmail: TUTOR } })).status).toBe(403)
    expect((await call('POST', '/bookings', { as: STUDENT, body })).status).toBe(403)
    expect(
      (await call('POST', '/bookings', { as: STUDENT, body: { ...body, sessionId: 'nope', studentEmail: STUDENT } }))
        .status,
    ).toBe(404)
    expect((await call('POST', '/bookings', { as: STUDENT, body: { sessionId: session._id } })).status).toBe(400)
  })

  it("a student's list carries the session's title, tutor, fee and dates", async () => {
    const res = await call('GET', `/bookings/student/${STUDENT}`, { as: STUDENT })
    expect(res.data.length).toBe(5)
    const first = res.data[0]
    const session = (await db().sessions.get(first.sessionId))!
    expect(first).toMatchObject({
      title: session.title,
      tutorName: session.tutorName,
      registrationFee: session.registrationFee,
      registrationStart: session.registrationStart,
      registrationEnd: session.registrationEnd,
      classStart: session.classStart,
      classEnd: session.classEnd,
    })
    expect((await call('GET', `/bookings/student/${STUDENT}`, { as: OTHER_STUDENT })).status).toBe(403)
    expect((await call('GET', `/bookings/student/${STUDENT}`, { as: ADMIN })).status).toBe(200)
  })

  it('the admin approves pending bookings; only approved ones are edited or deleted', async () => {
    const all = await call('GET', '/bookings', { as: ADMIN })
    expect(all.data.length).toBe(await db().bookings.count())
    const pendingList = await call('GET', '/bookings?status=pending&page=1&limit=2', { as: ADMIN })
    expect(pendingList.headers.get('X-Total-Count')).toBe(
      String(await db().bookings.where('status').equals('pending').count()),
    )
    const pending = (await db().bookings.where('status').equals('pending').first())!
    expect(
      (await call('PATCH', `/bookings/${pending._id}`, { as: STUDENT, body: { status: 'approved' } })).status,
    ).toBe(403)
    expect((await call('DELETE', `/bookings/${pending._id}`, { as: ADMIN })).status).toBe(409)
    const edit = { studentEmail: OTHER_STUDENT, tutorEmail: TUTOR, sessionId: pending.sessionId }
    expect((await call('PATCH', `/bookings/${pending._id}`, { as: ADMIN, body: edit })).status).toBe(409)
    expect((await call('PATCH', `/bookings/${pending._id}`, { as: ADMIN, body: { status: 'done' } })).status).toBe(400)
    expect((await call('PATCH', `/bookings/${pending._id}`, { as: ADMIN, body: { status: 'approved' } })).data).toEqual(
      { success: true },
    )
    expect((await db().bookings.get(pending._id))!.status).toBe('approved')
    expect((await call('PATCH', `/bookings/${pending._id}`, { as: ADMIN, body: { status: 'rejected' } })).status).toBe(
      409,
    )
    const target = await openSession()
    const student = SEED_FREE_STUDENT
    const moved = await call('PATCH', `/bookings/${pending._id}`, {
      as: ADMIN,
      body: { studentEmail: student, tutorEmail: target.tutorEmail, sessionId: target._id },
    })
    expect(moved.data).toEqual({ success: true })
    expect(await db().bookings.get(pending._id)).toMatchObject({ studentEmail: student, sessionId: target._id })
    expect((await call('DELETE', `/bookings/${pending._id}`, { as: ADMIN })).data.deletedCount).toBe(1)
    expect((await call('DELETE', `/bookings/${pending._id}`, { as: ADMIN })).status).toBe(404)
  })
})

// A seeded student with no booking on the demo tutor's first open session.
const SEED_FREE_STUDENT = 'ethan.brown@studyhub.demo'

describe('notes', () => {
  it('belong to the email in the token, admins included', async () => {
    const created = await call('POST', '/notes', {
      as: STUDENT,
      body: { email: STUDENT, title: ' Plan ', description: 'Read' },
    })
    expect(created.status).toBe(201)
    expect(await db().notes.get(created.data.insertedId)).toMatchObject({ title: 'Plan', email: STUDENT })
    const id = created.data.insertedId
    expect(
      (await call('POST', '/notes', { as: STUDENT, body: { email: OTHER_STUDENT, title: 'a', description: 'b' } }))
        .status,
    ).toBe(403)
    expect((await call('GET', `/notes/student/${STUDENT}`, { as: ADMIN })).status).toBe(403)
    expect((await call('GET', `/notes/student/${STUDENT}`, { as: STUDENT })).data).toHaveLength(4)
    expect(
      (await call('PATCH', `/notes/${id}`, { as: OTHER_STUDENT, body: { title: 'x', description: 'y' } })).status,
    ).toBe(403)
    expect((await call('DELETE', `/notes/${id}`, { as: ADMIN })).status).toBe(403)
    const blank = await call('PATCH', `/notes/${id}`, { as: STUDENT, body: { title: '  ', description: 'y' } })
    expect(blank.status).toBe(400)
    expect(blank.data.message).toMatch(/title/)
    expect((await db().notes.get(id))!.title).toBe('Plan')
    expect(
      (await call('PATCH', `/notes/${id}`, { as: STUDENT, body: { title: 'x', description: 'y' } })).data.modifiedCount,
    ).toBe(1)
    expect((await call('DELETE', `/notes/${id}`, { as: STUDENT })).data.deletedCount).toBe(1)
    expect(await db().notes.get(id)).toBeUndefined()
  })
})

describe('reviews', () => {
  it('students who booked review once, rating 1–5 with a comment', async () => {
    const session = (await db().sessions.get(
      (
        await db()
          .bookings.where('studentEmail')
          .equals(STUDENT)
          .filter((b) => b.status === 'approved')
          .toArray()
      )
        .map((b) => b.sessionId)
        .find(Boolean)!,
    ))!
    await db().reviews.where('[sessionId+studentEmail]').equals([session._id, STUDENT]).delete()
    const body = {
      sessionId: session._id,
      studentEmail: STUDENT,
      studentName: 'Sam Carter',
      comment: 'Great',
      rating: 5,
    }
    const before = await db().reviews.count()
    for (const bad of [{ rating: 6 }, { rating: 0 }, { rating: 2.5 }, { comment: ' ' }]) {
      const res = await call('POST', '/reviews', { as: STUDENT, body: { ...body, ...bad } })
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch('rating' in bad ? /rating/ : /comment/)
    }
    expect(await db().reviews.count()).toBe(before)
    const ok = await call('POST', '/reviews', { as: STUDENT, body })
    expect(ok.status).toBe(201)
    expect((await call('POST', '/reviews', { as: STUDENT, body })).status).toBe(409)
    const unbooked = await sessionOf((s) => s.status === 'approved' && s.tutorEmail === OTHER_TUTOR)
    await db().bookings.where('[studentEmail+sessionId]').equals([STUDENT, unbooked._id]).delete()
    expect((await call('POST', '/reviews', { as: STUDENT, body: { ...body, sessionId: unbooked._id } })).status).toBe(
      403,
    )
    expect((await call('POST', '/reviews', { as: TUTOR, body: { ...body, studentEmail: TUTOR } })).status).toBe(403)
    const list = await call('GET', `/reviews/${session._id}`)
    expect(list.data.some((r: { _id: string }) => r._id === ok.data.insertedId)).toBe(true)
    expect((await call('GET', '/reviews/unknown')).status).toBe(404)
  })

  it('admins list (paged) and delete reviews', async () => {
    expect((await call('GET', '/reviews', { as: STUDENT })).status).toBe(403)
    const page = await call('GET', '/reviews?page=1&limit=3', { as: ADMIN })
    expect(page.data).toHaveLength(3)
    expect(page.headers.get('X-Total-Count')).toBe(String(await db().reviews.count()))
    const id = page.data[0]._id
    expect((await call('DELETE', `/reviews/${id}`, { as: STUDENT })).status).toBe(403)
    expect((await call('DELETE', `/reviews/${id}`, { as: ADMIN })).data).toEqual({
      acknowledged: true,
      deletedCount: 1,
    })
  })
})

describe('materials', () => {
  const upload = async (
    as: string,
    fields: Record<string, string | { name: string; type: string; content: string }>,
  ) => {
    const { body, contentType } = multipart(fields)
    return call('POST', '/materials', { as, body, headers: { 'Content-Type': contentType } })
  }

  it('tutors upload for their own approved sessions; the file is served with safe headers', async () => {
    const session = await openSession()
    const file = { name: 'notes.txt', type: 'text/plain', content: 'hello world' }
    const fields = { sessionId: session._id, title: 'Week 1', description: '', tutorEmail: TUTOR, file }
    const before = await db().materials.count()
    expect((await upload(OTHER_TUTOR, { ...fields, tutorEmail: OTHER_TUTOR })).status).toBe(403)
    expect((await upload(STUDENT, fields)).status).toBe(403)
    expect((await upload(TUTOR, { ...fields, title: '' })).status).toBe(400)
    const { file: _f, ...noFile } = fields
    const missing = await upload(TUTOR, noFile)
    expect(missing.status).toBe(400)
    expect(missing.data.message).toMatch(/file/)
    const pendingSession = (await call('POST', '/sessions', { as: TUTOR, body: newSession() })).data.insertedId
    expect((await upload(TUTOR, { ...fields, sessionId: pendingSession })).status).toBe(409)
    expect(await db().materials.count()).toBe(before)

    const ok = await upload(TUTOR, fields)
    expect(ok.status).toBe(201)
    expect(ok.data.success).toBe(true)
    const material = (await db().materials.get(ok.data.insertedId))!
    expect(material.status).toBe('pending')
    expect(material.fileUrl).toMatch(/^\/api\/files\/[0-9a-f]{32}$/)
    const fileAt = (url: string, as?: string) => call('GET', url.replace(/^\/api/, ''), as ? { as } : {})
    // Never anonymously; the owning tutor and admins may read a pending material's file.
    expect((await fileAt(material.fileUrl)).status).toBe(401)
    expect((await fileAt(material.fileUrl, STUDENT)).status).toBe(403)
    const res = await fileAt(material.fileUrl, TUTOR)
    expect(res.data).toBe('hello world')
    expect(res.headers.get('Content-Disposition')).toMatch(/^inline; filename="notes.txt"/)
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(res.headers.get('Content-Security-Policy')).toBe('sandbox')

    // The server checks the type itself: HTML is refused however it is labelled.
    const count = await db().materials.count()
    for (const file of [
      { name: 'x.html', type: 'text/html', content: '<script>1</script>' },
      { name: 'x.txt', type: 'text/plain', content: '<!doctype html><script>1</script>' },
      { name: 'x.pdf', type: 'application/pdf', content: '<html><script>1</script>' },
    ]) {
      const refused = await upload(TUTOR, { ...fields, file })
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/^file: /)
    }
    expect(await db().materials.count()).toBe(count)
    expect((await fileAt('/api/files/0123456789abcdef0123456789abcdef', ADMIN)).status).toBe(404)
  })

  it('the admin approves or rejects pending materials; students see approved ones of approved bookings', async () => {
    const pending = (await db().materials.where('status').equals('pending').first())!
    expect((await call('GET', '/materials/pending', { as: ADMIN })).data.length).toBe(
      await db().materials.where('status').equals('pending').count(),
    )
    expect((await call('PATCH', `/materials/${pending._id}/approve`, { as: TUTOR })).status).toBe(403)
    expect((await call('PATCH', `/materials/${pending._id}/approve`, { as: ADMIN })).data).toMatchObject({
      success: true,
    })
    expect((await call('PATCH', `/materials/${pending._id}/reject`, { as: ADMIN })).data).toMatchObject({
      success: false,
    })
    const other = (await db().materials.where('status').equals('pending').first())!
    expect((await call('PATCH', `/materials/${other._id}/reject`, { as: ADMIN })).data).toMatchObject({ success: true })
    expect((await db().materials.get(other._id))!.status).toBe('rejected')

    const approvedBooked = (await db().bookings.where('studentEmail').equals(STUDENT).toArray())
      .filter((b) => b.status === 'approved')
      .map((b) => b.sessionId)
    const mine = await call('GET', '/materials/approved', { as: STUDENT })
    expect(mine.data.length).toBeGreaterThan(0)
    for (const m of mine.data) {
      expect(m.status).toBe('approved')
      expect(approvedBooked).toContain(m.sessionId)
      expect(m).not.toHaveProperty('fileId')
    }
    const sessionId = mine.data[0].sessionId
    const forSession = await call('GET', `/materials/session/${sessionId}`, { as: STUDENT })
    expect(forSession.data.every((m: { status: string }) => m.status === 'approved')).toBe(true)
    expect((await call('GET', `/materials/session/${sessionId}`, { as: OTHER_TUTOR })).status).toBe(403)
    const notBooked = await sessionOf(
      (s) => s.status === 'approved' && !approvedBooked.includes(String((s as { _id?: string })._id)),
    )
    expect(
      (await call('GET', `/materials/session/${(notBooked as unknown as { _id: string })._id}`, { as: STUDENT }))
        .status,
    ).toBe(403)
    expect((await call('GET', '/materials', { as: ADMIN })).data.length).toBe(await db().materials.count())
    expect((await call('GET', '/materials', { as: STUDENT })).status).toBe(403)
    expect((await call('GET', `/materials/tutor/${TUTOR}`, { as: TUTOR })).data.length).toBe(
      await db().materials.where('tutorEmail').equals(TUTOR).count(),
    )
  })

  it('tutors delete their own materials (and the file)', async () => {
    const mine = (await db().materials.where('tutorEmail').equals(TUTOR).first())!
    expect((await call('DELETE', `/materials/${mine._id}`, { as: OTHER_TUTOR })).status).toBe(403)
    expect((await call('DELETE', `/materials/${mine._id}`, { as: TUTOR })).data.deletedCount).toBe(1)
    expect(await db().files.get(mine.fileId!)).toBeUndefined()
    expect((await call('GET', mine.fileUrl.replace(/^\/api/, ''), { as: TUTOR })).status).toBe(404)
  })
})

describe('Idempotency-Key', () => {
  it('replays the first answer and changes nothing more', async () => {
    const body = { email: STUDENT, title: 'Once', description: 'only once' }
    const first = await call('POST', '/notes', { as: STUDENT, body, idempotencyKey: 'k-1' })
    const second = await call('POST', '/notes', { as: STUDENT, body, idempotencyKey: 'k-1' })
    expect(second.data).toEqual(first.data)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(
      await db()
        .notes.where('email')
        .equals(STUDENT)
        .filter((n) => n.title === 'Once')
        .count(),
    ).toBe(1)
    // Concurrent repeats run once too.
    const [a, b] = await Promise.all([
      call('POST', '/notes', { as: STUDENT, body: { ...body, title: 'Twice?' }, idempotencyKey: 'k-2' }),
      call('POST', '/notes', { as: STUDENT, body: { ...body, title: 'Twice?' }, idempotencyKey: 'k-2' }),
    ])
    expect(a.data).toEqual(b.data)
    expect(
      await db()
        .notes.filter((n) => n.title === 'Twice?')
        .count(),
    ).toBe(1)
    // A key is the caller's own: another caller's same key is a new call.
    const other = await call('POST', '/notes', {
      as: OTHER_STUDENT,
      body: { ...body, email: OTHER_STUDENT },
      idempotencyKey: 'k-1',
    })
    expect(other.data.insertedId).not.toBe(first.data.insertedId)
  })

  it('replays PATCH and DELETE answers', async () => {
    const session = await openSession()
    const del1 = await call('DELETE', `/sessions/${session._id}`, { as: ADMIN, idempotencyKey: 'd-1' })
    const del2 = await call('DELETE', `/sessions/${session._id}`, { as: ADMIN, idempotencyKey: 'd-1' })
    expect(del1.data).toEqual({ acknowledged: true, deletedCount: 1 })
    expect(del2).toMatchObject({ status: 200, data: { acknowledged: true, deletedCount: 1 } })
    const pending = (await db().bookings.where('status').equals('pending').first())!
    const p1 = await call('PATCH', `/bookings/${pending._id}`, {
      as: ADMIN,
      body: { status: 'approved' },
      idempotencyKey: 'p-1',
    })
    const p2 = await call('PATCH', `/bookings/${pending._id}`, {
      as: ADMIN,
      body: { status: 'approved' },
      idempotencyKey: 'p-1',
    })
    expect(p2.data).toEqual(p1.data)
    expect(p2.status).toBe(200)
  })
})
