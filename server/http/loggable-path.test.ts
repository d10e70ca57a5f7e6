// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { ApiRoute } from '#core/routes'
import { apiRoutes } from '#core/routes'
import { loggablePath } from './loggable-path'

const route = (path: string, secret?: string): ApiRoute => ({
  method: 'GET',
  path,
  ...(secret ? { secret } : {}),
  handle: async () => new Response(null),
})

describe('loggablePath', () => {
  it('hides the calendar feed’s token, the secret the route table names', () => {
    const logPath = loggablePath(apiRoutes)
    expect(logPath('/api/calendar/0ad9bd171d7930a3a96fb963b4a1b106')).toBe('/api/calendar/:token')
    // Look-alikes the router does not answer may carry a live token all the same.
    expect(logPath('/api/calendar/0ad9bd171d7930a3a96fb963b4a1b106/more')).toBe('/api/calendar/:token/more')
    expect(logPath('/API//Calendar/0ad9bd171d7930a3a96fb963b4a1b106')).toBe('/API/Calendar/:token')
    // Paths without a secret are as they came.
    for (const path of ['/api/calendar-feeds/student@studyhub.demo', '/api/calendar', '/api/sessions/s-1', '/']) {
      expect(logPath(path)).toBe(path)
    }
  })

  it('takes any route’s secret from its entry, wherever the parameter sits', () => {
    const logPath = loggablePath([route('/api/sessions/:id'), route('/api/unsubscribe/:email/:token/confirm', 'token')])
    expect(logPath('/api/unsubscribe/ana@example.com/s3cr3t/confirm')).toBe(
      '/api/unsubscribe/ana@example.com/:token/confirm',
    )
    expect(logPath('/api/unsubscribe/ana@example.com/s3cr3t')).toBe('/api/unsubscribe/ana@example.com/:token')
    expect(logPath('/api/unsubscribe/ana@example.com')).toBe('/api/unsubscribe/ana@example.com')
    expect(logPath('/api/sessions/s-1')).toBe('/api/sessions/s-1')
  })
})
