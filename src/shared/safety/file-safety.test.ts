import { describe, expect, it } from 'vitest'
import {
  FILE_EMPTY_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  MAX_UPLOAD_BYTES,
  uploadProblem,
  viewerMode,
} from './file-safety'

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

describe('viewerMode', () => {
  it('shows PDFs, raster images and text, and only downloads the rest', () => {
    expect(viewerMode('application/pdf')).toBe('pdf')
    expect(viewerMode('image/png')).toBe('image')
    expect(viewerMode('text/plain; charset=utf-8')).toBe('text')
    expect(viewerMode('text/html')).toBe('download')
    expect(viewerMode('image/svg+xml')).toBe('download')
    expect(viewerMode(undefined)).toBe('download')
  })
})
