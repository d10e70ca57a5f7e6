// The conformance suite of the StudyHub REST API: one set of tests that every
// server answering the contract must pass, written only against HTTP, so the
// same file runs against the demo server and the API server on each database
// (docs/testing.md#conformance-suite). Each test starts from the
// seed. A target's test file is one line: defineConformanceSuite(target).
import { afterAll, beforeAll, beforeEach, describe } from 'vitest'
import { createApi, type Api } from './harness/api-client'
import type { Target } from './harness/target'
import { badInputTests } from './suite/bad-input'
import { calendarTests } from './suite/calendar'
import { credentialTests } from './suite/credentials'
import { crossSiteTests } from './suite/cross-site'
import { findingTests } from './suite/findings'
import { generatedInputTests } from './suite/generated-input'
import { hostileContentTests } from './suite/hostile-strings-content'
import { hostileUserAndUrlTests } from './suite/hostile-strings-users-and-urls'
import { idempotencyTests } from './suite/idempotency'
import { mailAndPreferenceTests } from './suite/mail-and-preferences'
import { materialTests } from './suite/materials'
import { noteRevisionTests } from './suite/note-revisions'
import { notesAndReviewTests } from './suite/notes-and-reviews'
import { notificationTests } from './suite/notifications'
import { permissionMatrixTests } from './suite/permission-matrix'
import { runningTheClassTests } from './suite/running-the-class'
import { seedAndAuthTests } from './suite/seed-and-auth'
import { seatsAndCancelTests } from './suite/seats-and-cancel'
import { scheduleTests } from './suite/schedules'
import { securityTests } from './suite/security'
import { sessionSearchTests } from './suite/session-search'
import { sessionTests } from './suite/sessions'
import { statsAndBookingTests } from './suite/stats-and-bookings'
import { timeZoneAtSignInTests } from './suite/time-zone-at-sign-in'
import { userTests } from './suite/users'

/** `extra` adds tests that only this target can run, with the same API and reset. */
export function defineConformanceSuite(target: Target, extra?: (api: Api) => void): void {
  const api = createApi(target)
  describe(`conformance: ${target.name}`, () => {
    beforeAll(() => target.start())
    afterAll(() => target.stop())
    beforeEach(() => api.reset())

    seedAndAuthTests(api)
    userTests(api)
    sessionTests(api)
    sessionSearchTests(api)
    statsAndBookingTests(api)
    seatsAndCancelTests(api)
    runningTheClassTests(api)
    scheduleTests(api)
    calendarTests(api)
    notesAndReviewTests(api)
    noteRevisionTests(api)
    materialTests(api)
    notificationTests(api)
    mailAndPreferenceTests(api)
    idempotencyTests(api)
    badInputTests(api)
    generatedInputTests(api)
    findingTests(api)
    securityTests(api)
    credentialTests(api)
    permissionMatrixTests(api)
    crossSiteTests(api)
    hostileContentTests(api)
    hostileUserAndUrlTests(api)
    timeZoneAtSignInTests(api)
    extra?.(api)
  })
}
