// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { isPublicAddress } from './public-address'

/** Each address of each kind is refused; a failure names its kind. */
function expectRefused(kinds: Record<string, readonly string[]>) {
  for (const [kind, addresses] of Object.entries(kinds)) {
    for (const address of addresses) expect(isPublicAddress(address), `${kind}: ${address}`).toBe(false)
  }
}

describe('isPublicAddress', () => {
  it('refuses every IPv4 address that is not public unicast', () => {
    const refused = {
      loopback: ['127.0.0.1', '127.255.255.254'],
      private: ['10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1'],
      'link-local and metadata': ['169.254.169.254', '169.254.0.1'],
      CGNAT: ['100.64.0.1', '100.100.100.200', '100.127.255.255'],
      'this network': ['0.0.0.0', '0.1.2.3'],
      'protocol assignments': ['192.0.0.192', '192.0.0.8'],
      documentation: ['192.0.2.1', '198.51.100.7', '203.0.113.9'],
      benchmarking: ['198.18.0.1', '198.19.255.255'],
      'multicast, reserved, broadcast': ['224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255'],
    }
    expectRefused(refused)
  })

  it('refuses every IPv6 address that is not public unicast', () => {
    const refused = {
      'unspecified and loopback': ['::', '::1', '0:0:0:0:0:0:0:1'],
      'unique-local (and AWS metadata)': ['fc00::1', 'fd00:ec2::254', 'fdff:ffff::1'],
      'link-local': ['fe80::1', 'fe80::1%eth0', 'febf::1'],
      'site-local': ['fec0::1'],
      multicast: ['ff02::1', 'ff05::2'],
      'IPv4-compatible': ['::127.0.0.1', '::a00:1'],
      'IPv4-mapped private': [
        '::ffff:127.0.0.1',
        '::ffff:7f00:1',
        '::ffff:169.254.169.254',
        '::ffff:10.0.0.1',
        '0:0:0:0:0:ffff:c0a8:101',
      ],
      'NAT64 of a private address': ['64:ff9b::127.0.0.1', '64:ff9b::a9fe:a9fe', '64:ff9b:1::1'],
      'discard, Teredo, ORCHID, documentation, 6to4': [
        '100::1',
        '2001::1',
        '2001:0:4136:e378::1',
        '2001:10::1',
        '2001:db8::1',
        '3fff::1',
        '2002:7f00:1::1',
      ],
    }
    expectRefused(refused)
  })

  it.each([
    // IPv4, among them neighbours of refused blocks
    '8.8.8.8',
    '142.250.74.42',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '11.0.0.1',
    '169.253.255.255',
    '198.17.255.255',
    '223.255.255.255',
    // IPv6, and a public IPv4 address mapped or through NAT64
    '2a00:1450:4001:82b::200a',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })

  it('refuses what is not an address at all', () => {
    for (const text of ['', 'localhost', 'fcm.googleapis.com', '127.1', '0x7f000001', '[::1]', '::ffff:999.0.0.1']) {
      expect(isPublicAddress(text), text).toBe(false)
    }
  })
})
