// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { IDEMPOTENCY_HEADER, routes, TOTAL_COUNT_HEADER, type RouteName } from '#contract/routes'
import { buildOpenApiDocument, openApiPath } from './openapi'

type Json = Record<string, unknown>

const document = buildOpenApiDocument()
const names = Object.keys(routes) as RouteName[]

function operation(name: RouteName): Json {
  const def = routes[name]
  const found = document.paths[openApiPath(def.path)]?.[def.method.toLowerCase()]
  if (!found) throw new Error(`${name} is missing`)
  return found
}

const parameters = (name: RouteName) => operation(name).parameters as { name: string; in: string; required: boolean }[]

/** Every `$ref` anywhere in the value. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const inner of value) refs(inner, found)
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner)
      else refs(inner, found)
    }
  }
  return found
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and plain JSON', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(JSON.parse(JSON.stringify(document))).toEqual(document)
  })

  it('has an operation for every route of the contract, named after it, and the file route', () => {
    for (const name of names) expect(operation(name).operationId).toBe(name)
    const operations = Object.values(document.paths).flatMap((path) => Object.keys(path))
    // Every contract route, plus GET /api/files/{id} and GET /healthz.
    expect(operations).toHaveLength(names.length + 2)
    expect(document.paths['/api/files/{id}']?.get).toBeDefined()
  })

  it('declares each path parameter, required', () => {
    for (const name of names) {
      const inPath = [...routes[name].path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1])
      const declared = parameters(name).filter((p) => p.in === 'path')
      expect(
        declared.map((p) => p.name),
        name,
      ).toEqual(inPath)
      expect(declared.every((p) => p.required)).toBe(true)
    }
  })

  it('documents paging and the total header on paged lists only', () => {
    for (const name of names) {
      const paged = 'paged' in routes[name]
      const query = parameters(name)
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
      const headers = ((operation(name).responses as Json)['200'] as Json | undefined)?.headers as Json | undefined
      if (paged) {
        expect(query, name).toEqual(expect.arrayContaining(['page', 'limit']))
        expect(headers?.[TOTAL_COUNT_HEADER], name).toEqual({ $ref: '#/components/headers/TotalCount' })
      } else {
        expect(query, name).not.toContain('page')
        expect(headers, name).toBeUndefined()
      }
    }
  })

  it('documents Idempotency-Key, 422 and 429 on every write and on no read, and 503 on every call', () => {
    for (const name of names) {
      const write = routes[name].method !== 'GET'
      const key = parameters(name).find((p) => p.name === IDEMPOTENCY_HEADER)
      const answers = operation(name).responses as Json
      expect(key ? { in: key.in, required: key.required } : undefined, name).toEqual(
        write ? { in: 'header', required: false } : undefined,
      )
      expect('422' in answers, name).toBe(write)
      expect('429' in answers, name).toBe(write)
      // Any call may find the database unreachable: 503 with Retry-After.
      expect(answers['503'], name).toEqual({ $ref: '#/components/responses/Unavailable' })
    }
  })

  it('asks for the bearer token, and says which routes also take none', () => {
    expect(document.components.securitySchemes.appToken).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(operation('listUsers').security).toEqual([{ appToken: [] }])
    expect(operation('issueToken').security).toEqual([{ idToken: [] }])
    expect(operation('listSessions').security).toEqual([{ appToken: [] }, {}])
  })

  it('describes JSON bodies as sent and the upload as a multipart form with an optional binary file', () => {
    const createSession = (operation('createSession').requestBody as Json).content as Json
    const sessionBody = (createSession['application/json'] as Json).schema as Json
    // A field with a default may be left out by the caller.
    expect(sessionBody.required).not.toContain('description')
    expect(sessionBody.required).toContain('title')

    const upload = (operation('uploadMaterial').requestBody as Json).content as Json
    const form = (upload['multipart/form-data'] as Json).schema as { properties: Json; required: string[] }
    expect(form.properties.file).toEqual({ type: 'string', contentMediaType: 'application/octet-stream' })
    // A material may be a tutor's link with no file: the form says which fields every upload needs.
    expect(form.required).toEqual(expect.arrayContaining(['sessionId', 'title', 'tutorEmail']))
    expect(form.required).not.toContain('file')
    expect(form.properties).toHaveProperty('link')
    expect(form.properties).toHaveProperty('driveLink')
  })

  it('answers with the named entities, and every reference resolves', () => {
    const list = ((operation('listSessions').responses as Json)['200'] as Json).content as Json
    expect((list['application/json'] as Json).schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Session' },
    })
    const created = (operation('createSession').responses as Json)['201']
    expect(created).toBeDefined()

    for (const ref of refs(document)) {
      const [, section, name] = /^#\/components\/(schemas|responses|headers)\/(.+)$/.exec(ref) ?? []
      expect(section, ref).toBeDefined()
      expect((document.components as Record<string, Json>)[section!]?.[name!], ref).toBeDefined()
    }
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Error', 'User', 'Session', 'Booking', 'Review', 'Note', 'Material']),
    )
  })
})
