// The demo data, as rows: the demo server writes them on first start (and on
// a demo reset), the API server into an empty embedded database. Dated relative
// to now so the home page always shows Ongoing and Closed sessions.
// Deterministic apart from the dates and most ids, so tests can rely on its
// shape. Session ids are deterministic too: a demo build prerenders the home
// page's cards from this seed at build time, and their links must lead to the
// sessions the demo server seeds later in the browser.
// `sessions` scales the session count (the bench seeds 10,000).
import type { Role, Status } from '#contract/entities'
import { newFileId, newId } from '../ids'
import type { BookingRow, MaterialRow, NoteRow, ReviewRow, SessionRow, StoredFile, UserRow } from '../store'
import { makePdf, makePng, makeText } from './seed-files'

export const DEFAULT_SEED_SESSIONS = 40

export interface SeedOptions {
  /** How many sessions to create (default 40). */
  sessions?: number
  now?: Date
}

const DAY = 24 * 60 * 60 * 1000

interface Person {
  email: string
  name: string
  role: Role
}

export const SEED_ADMIN: Person = { email: 'admin@studyhub.demo', name: 'Morgan Ellis', role: 'admin' }
export const SEED_TUTORS: readonly Person[] = [
  { email: 'tutor@studyhub.demo', name: 'Priya Sharma', role: 'tutor' },
  { email: 'daniel.okafor@studyhub.demo', name: 'Daniel Okafor', role: 'tutor' },
  { email: 'sofia.martinez@studyhub.demo', name: 'Sofia Martinez', role: 'tutor' },
  { email: 'kenji.watanabe@studyhub.demo', name: 'Kenji Watanabe', role: 'tutor' },
  { email: 'hannah.schmidt@studyhub.demo', name: 'Hannah Schmidt', role: 'tutor' },
]
export const SEED_STUDENTS: readonly Person[] = [
  { email: 'student@studyhub.demo', name: 'Sam Carter', role: 'student' },
  { email: 'liam.johnson@studyhub.demo', name: 'Liam Johnson', role: 'student' },
  { email: 'aisha.rahman@studyhub.demo', name: 'Aisha Rahman', role: 'student' },
  { email: 'noah.williams@studyhub.demo', name: 'Noah Williams', role: 'student' },
  { email: 'chloe.dubois@studyhub.demo', name: 'Chloé Dubois', role: 'student' },
  { email: 'mateo.rossi@studyhub.demo', name: 'Mateo Rossi', role: 'student' },
  { email: 'zara.ahmed@studyhub.demo', name: 'Zara Ahmed', role: 'student' },
  { email: 'ethan.brown@studyhub.demo', name: 'Ethan Brown', role: 'student' },
]

const TOPICS: ReadonlyArray<[subject: string, title: string, description: string]> = [
  [
    'Mathematics',
    'Calculus I: Limits and Derivatives',
    'Build intuition for limits, then master the derivative rules with worked exam problems.',
  ],
  [
    'Physics',
    'Newtonian Mechanics Crash Course',
    'Forces, energy and momentum through hands-on problem solving and quick experiments.',
  ],
  [
    'Computer Science',
    'Intro to Python Programming',
    'Variables, loops, functions and a small project: no prior coding experience needed.',
  ],
  [
    'Chemistry',
    'Organic Chemistry Reaction Mechanisms',
    'Arrow pushing, nucleophiles and electrophiles, and how to predict products with confidence.',
  ],
  [
    'Biology',
    'Cell Biology and Genetics',
    'From organelles to Mendelian inheritance, with diagrams you can reuse for revision.',
  ],
  [
    'English',
    'Academic Essay Writing',
    'Structure arguments, use evidence well and edit your drafts into clear, persuasive essays.',
  ],
  [
    'History',
    'The Industrial Revolution',
    'Causes, key inventions and social change, with primary sources and exam-style questions.',
  ],
  [
    'Economics',
    'Microeconomics Fundamentals',
    'Supply and demand, elasticity and market structures explained with real-world cases.',
  ],
  [
    'Statistics',
    'Statistics for Data Analysis',
    'Descriptive statistics, probability and hypothesis tests, practised on real data sets.',
  ],
  [
    'Spanish',
    'Conversational Spanish for Beginners',
    'Everyday phrases, pronunciation and short conversations in a friendly small group.',
  ],
  [
    'Computer Science',
    'Data Structures and Algorithms',
    'Arrays, trees, graphs and Big-O analysis, with interview-style exercises.',
  ],
  [
    'Mathematics',
    'Linear Algebra Essentials',
    'Vectors, matrices, eigenvalues and their uses in graphics and machine learning.',
  ],
  [
    'Psychology',
    'Introduction to Cognitive Psychology',
    'Memory, attention and decision making: classic studies and what they tell us.',
  ],
  [
    'Art & Design',
    'Digital Illustration Basics',
    'Layers, brushes and composition for your first polished digital illustration.',
  ],
  [
    'Music',
    'Music Theory: Harmony and Chords',
    'Scales, intervals and chord progressions, with ear-training practice.',
  ],
  ['Geography', 'Climate and Weather Systems', 'Atmospheric circulation, climate zones and reading weather maps.'],
  [
    'Computer Science',
    'Web Development with HTML, CSS and JavaScript',
    'Build and publish a responsive personal page step by step.',
  ],
  [
    'Business',
    'Marketing Strategy Foundations',
    'Segmentation, positioning and the marketing mix, applied to a start-up case.',
  ],
  [
    'Philosophy',
    'Ethics: Big Questions',
    'Utilitarianism, deontology and virtue ethics, debated through modern dilemmas.',
  ],
  ['Mathematics', 'SAT Math Prep', 'Timed practice and strategies for algebra, geometry and data questions.'],
]

const REVIEW_COMMENTS: ReadonlyArray<[rating: number, comment: string]> = [
  [5, 'Clear explanations and great examples. I finally understand it!'],
  [4, 'Very helpful session, the practice problems were spot on.'],
  [5, 'Patient tutor, well organised material. Highly recommend.'],
  [3, 'Good content, but it moved a little fast for me.'],
  [4, 'Useful and engaging, I would book again.'],
  [2, 'Some parts were confusing; more examples would help.'],
  [5, 'Exactly what I needed before my exam.'],
]

const NOTE_TEXTS: ReadonlyArray<[title: string, description: string]> = [
  ['Exam checklist', 'Review chapters 3-5, redo the practice test, sleep early the night before.'],
  ['Questions for my tutor', 'Ask about the chain rule edge cases and how to check answers quickly.'],
  ['Reading list', 'Finish the assigned articles and summarise each in three sentences.'],
  ['Study plan', 'Two 45-minute blocks a day, with a short break and a recap at the end.'],
]

const FEES = [0, 0, 10, 15, 20, 25, 30, 45, 50]

/** The i-th seeded session's id: a record id's shape (24 hex digits), the same in every seeding. */
function seedSessionId(i: number): string {
  return `5eed${i.toString(16).padStart(20, '0')}`
}

/** mulberry32: a small deterministic generator of numbers in [0, 1), so the seed looks varied but is stable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const STATUS_CYCLE: readonly Status[] = ['approved', 'approved', 'approved', 'approved', 'pending', 'rejected']

export interface SeedRows {
  users: UserRow[]
  sessions: SessionRow[]
  bookings: BookingRow[]
  reviews: ReviewRow[]
  notes: NoteRow[]
  materials: MaterialRow[]
  files: StoredFile[]
}

export async function buildSeedRows(options: SeedOptions = {}): Promise<SeedRows> {
  const count = Math.max(0, Math.floor(options.sessions ?? DEFAULT_SEED_SESSIONS))
  const now = (options.now ?? new Date()).getTime()
  const iso = (ms: number) => new Date(ms).toISOString()
  const rand = seededRandom(20261101)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!

  const people = [SEED_ADMIN, ...SEED_TUTORS, ...SEED_STUDENTS]
  const users: UserRow[] = people.map((p, i) => ({
    _id: newId(),
    name: p.name,
    email: p.email,
    photo: '',
    role: p.role,
    created_at: iso(now - (200 - i * 5) * DAY),
    last_log_in: iso(now - (i % 7) * DAY),
  }))

  const sessions: SessionRow[] = []
  let approvedIndex = 0
  for (let i = 0; i < count; i++) {
    const [subject, baseTitle, description] = TOPICS[i % TOPICS.length]!
    const round = Math.floor(i / TOPICS.length)
    const tutor = SEED_TUTORS[i % SEED_TUTORS.length]!
    const status = STATUS_CYCLE[i % STATUS_CYCLE.length]!
    let regStart: number
    let regEnd: number
    if (status === 'approved') {
      // Every third approved session has closed registration, so the newest
      // few (the home page's) mix Ongoing and Closed.
      const k = approvedIndex++
      if (k % 3 === 2) {
        regStart = now - (30 + Math.floor(rand() * 30)) * DAY
        regEnd = now - (2 + Math.floor(rand() * 10)) * DAY
      } else {
        regStart = now - (1 + Math.floor(rand() * 10)) * DAY
        regEnd = now + (5 + Math.floor(rand() * 20)) * DAY
      }
    } else {
      regStart = now + (2 + Math.floor(rand() * 5)) * DAY
      regEnd = regStart + (10 + Math.floor(rand() * 10)) * DAY
    }
    const classStart = regEnd + (2 + Math.floor(rand() * 7)) * DAY + 17 * 60 * 60 * 1000
    sessions.push({
      _id: seedSessionId(i),
      title: round === 0 ? baseTitle : `${baseTitle} (Group ${round + 1})`,
      subject,
      description,
      registrationStart: iso(regStart),
      registrationEnd: iso(regEnd),
      classStart: iso(classStart),
      classEnd: iso(classStart + (7 + Math.floor(rand() * 35)) * DAY),
      duration: 1 + Math.floor(rand() * 3),
      registrationFee: status === 'approved' ? pick(FEES) : 0,
      tutorName: tutor.name,
      tutorEmail: tutor.email,
      status,
      // Newest first is index 0: createdAt decreases with i.
      createdAt: iso(now - (i + 1) * 3 * 60 * 60 * 1000),
    })
  }
  const approved = sessions.filter((s) => s.status === 'approved')

  const bookings: BookingRow[] = []
  const booked = new Set<string>()
  const book = (session: SessionRow, studentEmail: string, status: Status) => {
    const key = `${studentEmail} ${session._id}`
    if (booked.has(key)) return
    booked.add(key)
    bookings.push({
      _id: newId(),
      sessionId: session._id,
      studentEmail,
      tutorEmail: session.tutorEmail,
      status,
      bookedAt: iso(Math.min(now, Date.parse(session.registrationStart) + (1 + Math.floor(rand() * 48)) * 3600_000)),
    })
  }
  // The demo student: bookings in every status, on ongoing and closed sessions.
  const demoStudent = SEED_STUDENTS[0]!.email
  const demoPlan: Array<[number, Status]> = [
    [0, 'approved'],
    [1, 'pending'],
    [2, 'approved'],
    [3, 'rejected'],
    [5, 'approved'],
  ]
  for (const [k, status] of demoPlan) if (approved[k]) book(approved[k], demoStudent, status)
  approved.forEach((session, k) => {
    const n = k % 4
    for (let j = 0; j < n; j++) {
      const student = SEED_STUDENTS[1 + ((k * 3 + j) % (SEED_STUDENTS.length - 1))]!
      const r = rand()
      book(session, student.email, r < 0.6 ? 'approved' : r < 0.85 ? 'pending' : 'rejected')
    }
  })

  const reviews: ReviewRow[] = []
  const sessionById = new Map(sessions.map((s) => [s._id, s]))
  const nameOf = new Map(people.map((p) => [p.email, p.name]))
  for (const b of bookings) {
    if (b.status !== 'approved') continue
    const k = approved.indexOf(sessionById.get(b.sessionId)!)
    // Session 0 stays open for the demo student's own review; session 1 has none.
    if (k === 0 || k === 1) continue
    if (b.studentEmail !== demoStudent && rand() < 0.35) continue
    const [rating, comment] = pick(REVIEW_COMMENTS)
    reviews.push({
      _id: newId(),
      sessionId: b.sessionId,
      studentEmail: b.studentEmail,
      studentName: nameOf.get(b.studentEmail) ?? b.studentEmail,
      comment,
      rating,
      createdAt: iso(Math.min(now, Date.parse(b.bookedAt) + DAY)),
    })
  }

  const notes: NoteRow[] = []
  SEED_STUDENTS.forEach((s, i) => {
    const mine = i === 0 ? NOTE_TEXTS.slice(0, 3) : [NOTE_TEXTS[i % NOTE_TEXTS.length]!]
    mine.forEach(([title, description], j) =>
      notes.push({
        _id: newId(),
        email: s.email,
        title,
        description,
        createdAt: iso(now - (i + j + 1) * DAY),
        revision: 1,
      }),
    )
  })

  const materials: MaterialRow[] = []
  const files: StoredFile[] = []
  const kinds = ['pdf', 'png', 'txt'] as const
  for (const [k, session] of approved.slice(0, 12).entries()) {
    const perSession = k % 3 === 2 ? 1 : 2
    for (let j = 0; j < perSession; j++) {
      const kind = kinds[(k + j) % kinds.length]!
      const status: Status = j === 0 ? 'approved' : k % 4 === 1 ? 'rejected' : 'pending'
      const title =
        kind === 'pdf'
          ? `${session.subject} lecture notes`
          : kind === 'png'
            ? `${session.subject} diagram`
            : `${session.subject} practice questions`
      const lines = [`Session: ${session.title}`, `Tutor: ${session.tutorName}`, 'Prepared for StudyHub demo learners.']
      const blob = kind === 'pdf' ? makePdf(title, lines) : kind === 'png' ? makePng(24) : makeText(title, lines)
      const fileId = newFileId()
      const materialId = newId()
      const name = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${kind}`
      files.push({
        _id: fileId,
        data: new Uint8Array(await blob.arrayBuffer()),
        type: blob.type,
        name,
        materialId,
        sessionId: session._id,
      })
      materials.push({
        _id: materialId,
        sessionId: session._id,
        title,
        description: `${kind.toUpperCase()} for "${session.title}".`,
        tutorEmail: session.tutorEmail,
        status,
        fileUrl: `/api/files/${fileId}`,
        fileName: name,
        fileType: blob.type,
        fileSize: blob.size,
        createdAt: iso(now - (k + 1) * DAY),
        fileId,
      })
    }
  }

  return { users, sessions, bookings, reviews, notes, materials, files }
}
