import { describe, expect, it } from 'vitest'
import { describeFile, fileKind, formatFileSize } from './file-size'

describe('formatFileSize', () => {
  it('says a small file is 1 KB, never bytes or 0 KB', () => {
    expect(formatFileSize(795)).toBe('1 KB')
    expect(formatFileSize(1)).toBe('1 KB')
    expect(formatFileSize(0)).toBe('0 KB')
  })

  it('rounds to whole kilobytes, and to one decimal under 10 of a larger unit', () => {
    expect(formatFileSize(340_400)).toBe('340 KB')
    expect(formatFileSize(999_600)).toBe('1 MB')
    expect(formatFileSize(1_234_567)).toBe('1.2 MB')
    expect(formatFileSize(12_345_678)).toBe('12 MB')
    expect(formatFileSize(10_700_000_000)).toBe('11 GB')
    expect(formatFileSize(9_700_000_000)).toBe('9.7 GB')
    expect(formatFileSize(2_000_000)).toBe('2 MB')
  })
})

describe('describeFile', () => {
  it('names the kind of file, from its type or else its name, then its size', () => {
    expect(describeFile({ type: 'application/pdf', size: 795 })).toBe('PDF, 1 KB')
    expect(describeFile({ name: 'slides.PPTX', size: 2_500_000 })).toBe('PowerPoint, 2.5 MB')
    expect(describeFile({ type: 'text/plain; charset=utf-8' })).toBe('Text')
    expect(fileKind(undefined, 'notes')).toBe('File')
  })
})
