// Whether the server may connect to an address it resolved for a push
// service: only a public unicast address. Everything else reaches something
// the caller should not: this machine (loopback), the server's own network
// (private, unique-local, link-local, CGNAT), a cloud's metadata service
// (169.254.169.254, fd00:ec2::254, 100.100.100.200, 192.0.0.192: each inside
// one of those ranges), or nothing real (documentation, benchmarking,
// multicast, reserved). An IPv6 address that carries an IPv4 one (mapped,
// NAT64) is judged by the IPv4 address; IPv6 is public only inside 2000::/3,
// the global unicast block, minus its special-purpose parts.
import { isIPv4, isIPv6 } from 'node:net'

type Range = readonly [prefix: readonly number[], bits: number]

/** IANA's special-purpose IPv4 blocks, and multicast and reserved space. */
const IPV4_REFUSED: readonly Range[] = [
  [[0], 8], // "this network"
  [[10], 8], // private
  [[100, 64], 10], // CGNAT (Alibaba Cloud's metadata service is 100.100.100.200)
  [[127], 8], // loopback
  [[169, 254], 16], // link-local (cloud metadata services: 169.254.169.254)
  [[172, 16], 12], // private
  [[192, 0, 0], 24], // IETF protocol assignments (Oracle Cloud's metadata service is 192.0.0.192)
  [[192, 0, 2], 24], // documentation
  [[192, 31, 196], 24], // AS112
  [[192, 52, 193], 24], // AMT
  [[192, 88, 99], 24], // 6to4 relay anycast
  [[192, 168], 16], // private
  [[192, 175, 48], 24], // AS112
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation
  [[203, 0, 113], 24], // documentation
  [[224], 4], // multicast
  [[240], 4], // reserved, and the broadcast address
]

/** The special-purpose parts of 2000::/3. */
const IPV6_REFUSED: readonly Range[] = [
  [[0x20, 0x01, 0x00], 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x20, 0x02], 16], // 6to4: an IPv4 address of anyone's choosing inside
  [[0x3f, 0xff, 0x00], 20], // documentation
]

const inRange = (bytes: readonly number[], [prefix, bits]: Range): boolean => {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff
    if ((bytes[bit / 8]! & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false
  }
  return true
}

const ipv4Bytes = (address: string): number[] => address.split('.').map(Number)

/** The 16 bytes of an IPv6 address (a zone index dropped; a dotted IPv4 tail read as its 4 bytes). */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0]!
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = ipv4Bytes(dotted[1]!)
    text = `${text.slice(0, dotted.index)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)))
  const front = groups(head)
  const back = tail === undefined ? [] : groups(tail)
  const all = [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back]
  return all.flatMap((group) => [group >> 8, group & 0xff])
}

const isPublicIpv4 = (bytes: readonly number[]) => !IPV4_REFUSED.some((range) => inRange(bytes, range))

/** Whether `address`, an IPv4 or IPv6 literal, is a public unicast address; false for anything else. */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return isPublicIpv4(ipv4Bytes(address))
  if (!isIPv6(address)) return false
  const bytes = ipv6Bytes(address)
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64) reach a.b.c.d.
  if (inRange(bytes, [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96])) return isPublicIpv4(bytes.slice(12))
  if (inRange(bytes, [[0x00, 0x64, 0xff, 0x9b], 96])) return isPublicIpv4(bytes.slice(12))
  return inRange(bytes, [[0x20], 3]) && !IPV6_REFUSED.some((range) => inRange(bytes, range))
}
