import { describe, expect, it } from 'vitest'
import { DEFAULT_PUSH_HOSTS, isPushHostEntry, pushEndpointProblem } from './push-services'

describe('which push subscription endpoints are kept', () => {
  it('accepts the https:// addresses the browsers’ push services hand out', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
      'https://web.push.apple.com/QGuQyavXutnMlLYJ',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ]) {
      expect(pushEndpointProblem(endpoint, DEFAULT_PUSH_HOSTS), endpoint).toBeNull()
    }
  })

  it('refuses plain http, any other host, addresses and look-alikes, each naming the field', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/',
      'https://[::1]/',
      'https://localhost/',
      'https://push.example/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilpush.apple.com/x',
      'https://push.apple.com/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(pushEndpointProblem(endpoint, DEFAULT_PUSH_HOSTS), endpoint).toMatch(/^endpoint: /)
    }
  })

  it('takes the hosts it is given instead of the default', () => {
    expect(pushEndpointProblem('https://push.school.example/s/1', ['push.school.example'])).toBeNull()
    expect(pushEndpointProblem('https://fcm.googleapis.com/fcm/send/x', ['push.school.example'])).toMatch(
      /push\.school\.example/,
    )
  })

  it('knows a host entry from anything else', () => {
    for (const entry of ['fcm.googleapis.com', '*.push.apple.com', 'localhost'])
      expect(isPushHostEntry(entry)).toBe(true)
    for (const entry of [
      '',
      '*',
      '*.',
      'https://fcm.googleapis.com',
      'a..b',
      'a.*.b',
      '-a.b',
      'host:443',
      'FCM.googleapis.com',
    ]) {
      expect(isPushHostEntry(entry), entry).toBe(false)
    }
  })
})
