import { describe, expect, it } from 'vitest'
import { MAX_FILE_BYTES as MAX_UPLOAD_BYTES } from './limits'
import {
  contentMatchesType,
  FILE_EMPTY_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  uploadProblem,
  uploadType,
} from './uploads'
import { viewerMode } from '#shared/safety/file-safety'

describe('uploadProblem', () => {
  it.each([
    ['notes.pdf', 'application/pdf'],
    ['photo.JPG', 'image/jpeg'],
    ['photo.jpeg', 'image/jpeg'],
    ['a.png', 'image/png'],
    ['a.webp', 'image/webp'],
    ['a.gif', 'image/gif'],
    ['readme.txt', 'text/plain'],
  ])('accepts %s (%s)', (name, type) => {
    expect(uploadProblem({ name, type, size: 100 })).toBeNull()
  })

  it.each([
    ['page.html', 'text/html'],
    ['logo.svg', 'image/svg+xml'],
    ['run.js', 'text/javascript'],
    ['page.txt', 'text/html'],
    ['page.html', 'text/plain'],
    ['archive.zip', 'application/zip'],
    ['noext', ''],
  ])('refuses %s (%s)', (name, type) => {
    expect(uploadProblem({ name, type, size: 100 })).toBe(FILE_TYPE_MESSAGE)
  })

  it('refuses a file over the limit and an empty file', () => {
    expect(uploadProblem({ name: 'a.pdf', type: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 })).toBe(
      FILE_TOO_LARGE_MESSAGE,
    )
    expect(uploadProblem({ name: 'a.pdf', type: 'application/pdf', size: MAX_UPLOAD_BYTES })).toBeNull()
    expect(uploadProblem({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe(FILE_EMPTY_MESSAGE)
  })
})

describe('office files (download only)', () => {
  const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0])
  const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
  it.each([
    ['slides.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', zip],
    ['essay.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', zip],
    ['marks.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', zip],
    ['old.doc', 'application/msword', ole],
    ['notes.odt', 'application/vnd.oasis.opendocument.text', zip],
  ])('accepts %s, its bytes checked, and shows it only as a download', (name, type, bytes) => {
    expect(uploadProblem({ name, type, size: 100 })).toBeNull()
    expect(contentMatchesType(bytes, type)).toBe(true)
    expect(viewerMode(type)).toBe('download')
  })

  it('takes the type from the extension when the browser reports none', () => {
    expect(uploadType({ name: 'slides.pptx', type: '' })).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    )
    expect(uploadProblem({ name: 'slides.pptx', type: '', size: 100 })).toBeNull()
    expect(uploadProblem({ name: 'page.html', type: '', size: 100 })).toBe(FILE_TYPE_MESSAGE)
  })

  it('refuses an office name whose bytes are not an office file', () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script>')
    expect(contentMatchesType(html, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      false,
    )
  })
})

describe('contentMatchesType', () => {
  const bytes = (text: string) => new TextEncoder().encode(text)
  it.each([
    ['application/pdf', bytes('%PDF-1.4\n')],
    ['image/png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])],
    ['image/jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0])],
    ['image/gif', bytes('GIF89a..')],
    ['image/webp', bytes('RIFF\0\0\0\0WEBPVP8 ')],
    ['text/plain', bytes('Chapter 1 notes: limits and derivatives.')],
  ])('accepts real %s bytes', (type, content) => {
    expect(contentMatchesType(content, type)).toBe(true)
  })

  it.each([
    ['application/pdf', bytes('<html><script>alert(1)</script>')],
    ['image/png', bytes('%PDF-1.4')],
    ['text/plain', bytes('<!DOCTYPE html><script>alert(1)</script>')],
    ['text/plain', bytes('  <svg onload=alert(1)>')],
    ['text/plain', new Uint8Array([0x41, 0, 0x42])],
    ['text/html', bytes('<p>hi</p>')],
  ])('refuses %s whose bytes are something else', (type, content) => {
    expect(contentMatchesType(content, type)).toBe(false)
  })
})
