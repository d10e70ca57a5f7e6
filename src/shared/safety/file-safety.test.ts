import { describe, expect, it } from 'vitest'
import { viewerMode } from './file-safety'

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
