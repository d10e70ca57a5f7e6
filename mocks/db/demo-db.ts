// The demo server's storage: one IndexedDB database, separate from the app's
// own cache and outbox (src/shared/db), so resetting the demo never touches
// what the app keeps locally and the app never reads server tables directly.
//
// What lives where:
// - users, sessions, bookings, reviews, notes, materials: the REST records in
//   the contract's shapes (src/contract/entities.ts), minus computed fields
//   (a session's averageRating/reviewCount and a booking's session fields are
//   computed when answering).
// - files: uploaded material files as Blobs (bytes under fake-indexeddb, which
//   cannot clone jsdom's Blob), keyed by an unguessable id that
//   doubles as the read capability of /api/files/:id.
// - idempotency: the first answer to each Idempotency-Key, per caller.
// - meta: the per-install HMAC secret that signs every token, and the seed version.
// - identities: the demo identity provider's accounts (the stand-in for
//   Firebase Auth); separate from `users`, which POST /users creates.
//
// Indexes cover what the lists filter and sort on, so a page out of 10,000
// rows is an indexed range, not a scan.
import Dexie, { type Table } from 'dexie'
import type { Booking, Material, Note, Review, Session, User } from '../../src/contract/entities'

export const DEMO_DB_NAME = 'studyhub-demo-server'

export type SessionRow = Omit<Session, 'averageRating' | 'reviewCount'>
export type BookingRow = Pick<Booking, '_id' | 'sessionId' | 'studentEmail' | 'tutorEmail' | 'status' | 'bookedAt'>
export type UserRow = User
export type ReviewRow = Review
export type NoteRow = Note
export type MaterialRow = Material & { fileId?: string }

export interface FileRow {
  _id: string
  /** A Blob in a browser's IndexedDB; bytes where Blobs do not survive (fake-indexeddb under jsdom). */
  data: Blob | ArrayBuffer
  type: string
  name: string
  materialId: string
  sessionId: string
}

export interface IdempotencyRow {
  /** `${subject} ${method} ${path} ${key}` */
  id: string
  status: number
  body: string
  headers: Record<string, string>
  createdAt: string
}

export interface MetaRow {
  key: 'secret' | 'seed'
  value: unknown
}

export interface IdentityRow {
  uid: string
  email: string
  provider: 'password' | 'google'
  /** base64 PBKDF2-SHA-256 hash and salt; absent for Google identities. */
  passwordHash?: string
  salt?: string
  iterations?: number
  displayName: string | null
  photoURL: string | null
  createdAt: string
}

export class DemoDb extends Dexie {
  users!: Table<UserRow, string>
  sessions!: Table<SessionRow, string>
  bookings!: Table<BookingRow, string>
  reviews!: Table<ReviewRow, string>
  notes!: Table<NoteRow, string>
  materials!: Table<MaterialRow, string>
  files!: Table<FileRow, string>
  idempotency!: Table<IdempotencyRow, string>
  meta!: Table<MetaRow, string>
  identities!: Table<IdentityRow, string>

  constructor(name = DEMO_DB_NAME) {
    super(name)
    this.version(1).stores({
      users: '_id, &email, role, created_at',
      sessions: '_id, status, tutorEmail, createdAt, [status+createdAt], [tutorEmail+createdAt]',
      bookings:
        '_id, sessionId, studentEmail, tutorEmail, status, bookedAt, [status+bookedAt], [studentEmail+sessionId]',
      reviews: '_id, sessionId, studentEmail, createdAt, [sessionId+studentEmail]',
      notes: '_id, email, createdAt',
      materials: '_id, sessionId, tutorEmail, status, createdAt, [status+createdAt]',
      files: '_id, materialId, sessionId',
      idempotency: 'id, createdAt',
      meta: 'key',
      identities: 'uid, &email',
    })
  }

  /** Every table the server's records live in (all but meta, which survives a reset). */
  get dataTables() {
    return [
      this.users,
      this.sessions,
      this.bookings,
      this.reviews,
      this.notes,
      this.materials,
      this.files,
      this.idempotency,
      this.identities,
    ]
  }
}

let instance: DemoDb | null = null

/** The one demo database of this context (worker, test file or bench). */
export function demoDb(): DemoDb {
  instance ??= new DemoDb()
  return instance
}

// Real IndexedDB stores Blobs natively; fake-indexeddb in tests turns a jsdom
// Blob into {}, so there the bytes are stored instead.
const storesBlobs = typeof IDBFactory !== 'undefined' && IDBFactory.name === 'IDBFactory'

export async function toStoredFile(blob: Blob): Promise<Blob | ArrayBuffer> {
  return storesBlobs ? blob : blob.arrayBuffer()
}

export function fromStoredFile(row: FileRow): Blob {
  return row.data instanceof Blob ? row.data : new Blob([row.data], { type: row.type })
}
