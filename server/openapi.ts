// The OpenAPI 3.1 description of the REST API, generated from the contract
// (src/contract/routes.ts for methods and paths, src/contract/endpoints.ts
// for the zod schemas) and the permission table, so it cannot drift from what
// the servers check. What the schemas cannot say is written here by hand: paging and its
// total header, Idempotency-Key, the bearer tokens, the error answers, the
// uploaded file and GET /api/files/{id}.
import { z } from 'zod'
import { endpoints, type EndpointSchemas } from '#contract/endpoints'
import {
  adminStatsSchema,
  adminUserSchema,
  bookingSchema,
  materialSchema,
  noteSchema,
  reviewSchema,
  sessionSchema,
  studentStatsSchema,
  tutorStatsSchema,
  userSchema,
} from '#contract/entities'
import {
  IDEMPOTENCY_HEADER,
  IF_MATCH_HEADER,
  LIMIT_PARAM,
  PAGE_PARAM,
  routes,
  TOTAL_COUNT_HEADER,
  type RouteDef,
  type RouteName,
} from '#contract/routes'
import { IDEMPOTENCY_TTL_HOURS } from '#core/idempotency'
import { hasAnonymousGrant, permissions, type Permission } from '#core/permissions'

type Json = Record<string, unknown>

export interface OpenApiDocument {
  openapi: '3.1.0'
  info: Json
  paths: Record<string, Record<string, Json>>
  components: {
    schemas: Record<string, Json>
    responses: Record<string, Json>
    headers: Record<string, Json>
    securitySchemes: Record<string, Json>
  }
}

/** Entities that many answers share become named components. */
const ENTITIES: ReadonlyArray<readonly [string, z.ZodType]> = [
  ['User', userSchema],
  ['AdminUser', adminUserSchema],
  ['Session', sessionSchema],
  ['Booking', bookingSchema],
  ['Review', reviewSchema],
  ['Note', noteSchema],
  ['Material', materialSchema],
  ['AdminStats', adminStatsSchema],
  ['StudentStats', studentStatsSchema],
  ['TutorStats', tutorStatsSchema],
]

/** Routes that answer 201 Created; POST /users answers 200 for an account that already exists. */
const CREATED: ReadonlySet<RouteName> = new Set([
  'createUser',
  'createSession',
  'createBooking',
  'createNote',
  'createReview',
  'uploadMaterial',
])

const REF_PREFIX = '#/$defs/'
const COMPONENT_PREFIX = '#/components/schemas/'

/** Points zod's local `$defs` references at the document's components. */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === '$ref' && typeof inner === 'string' && inner.startsWith(REF_PREFIX)
          ? COMPONENT_PREFIX + inner.slice(REF_PREFIX.length)
          : relink(inner),
      ]),
    )
  }
  return value
}

class SchemaConverter {
  readonly components: Record<string, Json> = {}
  private readonly entities = z.registry<{ id: string }>()

  constructor() {
    for (const [id, schema] of ENTITIES) this.entities.add(schema, { id })
  }

  /**
   * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect). Request
   * bodies are described as sent (`io: 'input'`: defaults optional), answers as
   * returned. A Blob field (the uploaded file) has no JSON Schema form and is
   * described as binary content instead.
   */
  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const generated = z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      // Named entities only in answers: a request body is described in full where it is used.
      metadata: io === 'output' ? this.entities : z.registry(),
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        if (zodSchema._zod.def.type === 'custom') {
          Object.assign(jsonSchema, { type: 'string', contentMediaType: 'application/octet-stream' })
        }
      },
    }) as Json
    const { $schema: _dialect, $defs, ...rest } = generated
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, Json>)) {
      this.components[id] = relink(def) as Json
    }
    return relink(rest) as Json
  }
}

const errorSchema = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const

const retryAfter: Json = {
  description: 'Seconds to wait before sending it again.',
  schema: { type: 'integer', minimum: 1 },
}

const errorResponse = (description: string, headers?: Json): Json => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: `${COMPONENT_PREFIX}Error` } } },
})

const responses: Record<string, Json> = {
  BadRequest: errorResponse('The path, query or body does not match the schema; `message` names the field.'),
  Unauthorized: errorResponse('No valid token: sign in (or renew the app token once) and retry.'),
  Forbidden: errorResponse('Signed in, but this caller may not do this.'),
  NotFound: errorResponse('The addressed record does not exist.'),
  Conflict: errorResponse(
    `The record is not in a state that allows this (already booked, already decided, ...), or the first request with this ${IDEMPOTENCY_HEADER} is still running: send it again shortly.`,
  ),
  PayloadTooLarge: errorResponse('The body is larger than the server accepts.'),
  IdempotencyKeyReused: errorResponse(
    `The ${IDEMPOTENCY_HEADER} was already used by this caller for this method and path with a different body.`,
  ),
  TooManyRequests: errorResponse('Rate limit reached: wait for the number of seconds in Retry-After.', {
    'Retry-After': { description: 'Seconds until the limit resets.', schema: { type: 'integer', minimum: 1 } },
  }),
  ServerError: errorResponse('Unexpected failure; `requestId` names it in the server log.'),
  Unavailable: errorResponse(
    'The database cannot be reached right now (restarting, failing over): send the request again after Retry-After seconds.',
    { 'Retry-After': retryAfter },
  ),
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` })

/** `/sessions/:id` → `/api/sessions/{id}`. */
export const openApiPath = (path: string) => `/api${path.replace(/:([A-Za-z]+)/g, '{$1}')}`

/** A grouping for documentation viewers: the resource the path is about. */
function tagOf(path: string): string {
  const segments = path.split('/').filter((s) => s && !s.startsWith(':'))
  const resource = segments.find((s) => s !== 'admin' && s !== 'student' && s !== 'tutor') ?? 'api'
  return resource === 'jwt' ? 'auth' : resource
}

function securityOf(permission: Permission): Json[] {
  const credentials = permission.credentials ?? ['app']
  const schemes: Json[] = credentials.map((c) => (c === 'id' ? { idToken: [] } : { appToken: [] }))
  // An empty requirement means "no token is also fine".
  return hasAnonymousGrant(permission) ? [...schemes, {}] : schemes
}

function parametersOf(def: RouteDef, schemas: EndpointSchemas, convert: SchemaConverter): Json[] {
  const parameters: Json[] = []
  const add = (where: 'path' | 'query', schema: z.ZodType | undefined) => {
    if (!schema) return
    const json = convert.convert(schema, 'input')
    const properties = (json.properties ?? {}) as Record<string, Json>
    const required = new Set((json.required ?? []) as string[])
    for (const [name, property] of Object.entries(properties)) {
      const parameter: Json = { name, in: where, required: where === 'path' || required.has(name), schema: property }
      if (def.paged && name === PAGE_PARAM) {
        parameter.description = `Page number, from 1. With \`${PAGE_PARAM}\` or \`${LIMIT_PARAM}\` the list answers one page and the ${TOTAL_COUNT_HEADER} header; without either, every row.`
      }
      if (def.paged && name === LIMIT_PARAM) parameter.description = 'Rows per page.'
      parameters.push(parameter)
    }
  }
  add('path', schemas.params)
  add('query', schemas.query)
  if (def.method !== 'GET') {
    parameters.push({
      name: IDEMPOTENCY_HEADER,
      in: 'header',
      required: false,
      description: `Any unique string (a UUID). A retry with the same key, method, path and body gets the first successful answer again (with \`Idempotent-Replayed: true\`) instead of running twice; the same key with another body is refused with 422. Keys are kept for ${IDEMPOTENCY_TTL_HOURS} hours.`,
      schema: { type: 'string', minLength: 1 },
    })
  }
  if (def.ifMatch) {
    parameters.push({
      name: IF_MATCH_HEADER,
      in: 'header',
      required: false,
      description:
        'The note revision this write is based on, as an entity tag ("3"). When the note has moved on, the answer is 409 with `message` and `note`, the note as it is now, and nothing is written. Without it the write applies whatever the revision (the last writer wins).',
      schema: { type: 'string', pattern: '^"[1-9][0-9]*"$' },
    })
  }
  return parameters
}

function operationOf(name: RouteName, convert: SchemaConverter): Json {
  const def: RouteDef = routes[name]
  const schemas: EndpointSchemas = endpoints[name]
  const permission: Permission = permissions[name]
  const write = def.method !== 'GET'

  const success: Json = {
    description: 'Success.',
    content: { 'application/json': { schema: convert.convert(schemas.response, 'output') } },
  }
  if (def.paged) {
    success.headers = { [TOTAL_COUNT_HEADER]: { $ref: '#/components/headers/TotalCount' } }
  }
  const answers: Record<string, Json> = {}
  if (CREATED.has(name)) {
    answers['201'] = { ...success, description: 'Created.' }
    if (name === 'createUser') answers['200'] = { ...success, description: 'The account already exists.' }
  } else {
    answers['200'] = success
  }
  if (schemas.params || schemas.query || schemas.body) answers['400'] = ref('BadRequest')
  answers['401'] = ref('Unauthorized')
  if (permission.grants.some((g) => !g.anonymous)) answers['403'] = ref('Forbidden')
  if (schemas.params || permission.record) answers['404'] = ref('NotFound')
  if (write) answers['409'] = ref('Conflict')
  if (schemas.body) answers['413'] = ref('PayloadTooLarge')
  if (write) {
    answers['422'] = ref('IdempotencyKeyReused')
    answers['429'] = ref('TooManyRequests')
  }
  answers['500'] = ref('ServerError')
  answers['503'] = ref('Unavailable')

  const operation: Json = {
    operationId: name,
    tags: [tagOf(def.path)],
    security: securityOf(permission),
    parameters: parametersOf(def, schemas, convert),
    responses: answers,
  }
  if (schemas.body) {
    const mediaType = def.multipart ? 'multipart/form-data' : 'application/json'
    operation.requestBody = {
      required: true,
      content: { [mediaType]: { schema: convert.convert(schemas.body, 'input') } },
    }
  }
  if (permission.proofField) {
    operation.description = `The ID token may also be sent in the body as \`${permission.proofField}\` instead of the Authorization header.`
  }
  return operation
}

const filesPath: Record<string, Json> = {
  get: {
    operationId: 'getFile',
    tags: ['materials'],
    description:
      "A material's file, as the `fileUrl` of the material names it. The unguessable id is the capability: no token is needed, so the URL works in an iframe or a new tab.",
    security: [{}],
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{32}$' } }],
    responses: {
      '200': {
        description: 'The file, with its own type; inline for PDFs, images and plain text, otherwise a download.',
        content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
      },
      '404': ref('NotFound'),
    },
  },
}

const healthPath: Record<string, Json> = {
  get: {
    operationId: 'health',
    tags: ['operations'],
    description: 'Whether the server can reach its database (for load balancers and orchestrators).',
    security: [{}],
    responses: {
      '200': { description: 'Ready.', content: { 'application/json': { schema: { const: { status: 'ok' } } } } },
      '503': { description: 'The database does not answer.', headers: { 'Retry-After': retryAfter } },
    },
  },
}

export function buildOpenApiDocument(): OpenApiDocument {
  const convert = new SchemaConverter()
  const paths: Record<string, Record<string, Json>> = {}
  for (const name of Object.keys(routes) as RouteName[]) {
    const def = routes[name]
    const path = openApiPath(def.path)
    paths[path] = { ...paths[path], [def.method.toLowerCase()]: operationOf(name, convert) }
  }
  paths['/api/files/{id}'] = filesPath
  paths['/healthz'] = healthPath

  return {
    openapi: '3.1.0',
    info: {
      title: 'StudyHub API',
      version: '1.0.0',
      description:
        'The REST API of StudyHub. Errors are JSON `{message}`. Every answer carries X-Request-Id (send a valid one to set it). Writes are rate limited per client.',
    },
    paths,
    components: {
      schemas: { Error: errorSchema, ...convert.components },
      responses,
      headers: {
        TotalCount: {
          description: `Total rows of the list; present when \`${PAGE_PARAM}\` or \`${LIMIT_PARAM}\` was given.`,
          schema: { type: 'integer', minimum: 0 },
        },
      },
      securitySchemes: {
        appToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The app token from POST /api/jwt. Short-lived: on a 401, get a new one once and retry.',
        },
        idToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "The identity provider's ID token (Firebase Auth), for signing in and signing up.",
        },
      },
    },
  }
}
