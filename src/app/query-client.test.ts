// Failed queries are retried after min(1000 * 2^n, 30000) ms (docs/product.md#constants).
import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#shared/api/api-error'
import { createQueryClient, MAX_RETRIES, PERSIST_MAX_AGE, retryDelay, shouldRetry } from './query-client'

describe('retryDelay', () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [3, 8000],
    [4, 16000],
    [5, 30000],
    [6, 30000],
    [10, 30000],
  ])('waits %i → %i ms', (n, ms) => {
    expect(retryDelay(n)).toBe(ms)
  })

  it('is min(1000 * 2^n, 30000) for every n up to 40', () => {
    for (let n = 0; n <= 40; n++) expect(retryDelay(n)).toBe(Math.min(1000 * 2 ** n, 30000))
  })
})

describe('shouldRetry', () => {
  it('retries network failures and server errors up to MAX_RETRIES times', () => {
    for (const error of [new ApiError('offline', 0), new ApiError('boom', 500), new ApiError('busy', 503)]) {
      for (let n = 0; n < MAX_RETRIES; n++) expect(shouldRetry(n, error)).toBe(true)
      expect(shouldRetry(MAX_RETRIES, error)).toBe(false)
    }
  })

  it('retries timeouts and rate limits, which may pass later', () => {
    expect(shouldRetry(0, new ApiError('timeout', 408))).toBe(true)
    expect(shouldRetry(0, new ApiError('slow down', 429))).toBe(true)
  })

  it('does not retry client errors that would fail again', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      expect(shouldRetry(0, new ApiError('no', status))).toBe(false)
    }
  })

  it('does not retry a fetch that got no answer while the device is offline: it fails at once', () => {
    onlineManager.setOnline(false)
    try {
      expect(shouldRetry(0, new ApiError('offline', 0))).toBe(false)
      // A server's own answer is not the network's absence.
      expect(shouldRetry(0, new ApiError('busy', 503))).toBe(true)
    } finally {
      onlineManager.setOnline(true)
    }
    expect(shouldRetry(0, new ApiError('offline', 0))).toBe(true)
  })

  it('retries errors that are not API errors (a thrown TypeError from fetch)', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true)
  })
})

describe('the query client', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('keeps cached data at least as long as a persisted cache is trusted', () => {
    const gcTime = createQueryClient().getDefaultOptions().queries?.gcTime
    expect(gcTime).toBeGreaterThanOrEqual(PERSIST_MAX_AGE)
  })

  it('retries a failing query on the product’s schedule, then succeeds', async () => {
    vi.useFakeTimers()
    const client = createQueryClient()
    const calls: number[] = []
    const start = Date.now()
    const queryFn = vi.fn(async () => {
      calls.push(Date.now() - start)
      if (calls.length <= 3) throw new ApiError('server error', 500)
      return 'data'
    })

    const result = client.fetchQuery({ queryKey: ['flaky'], queryFn })
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toEqual([0])
    await vi.advanceTimersByTimeAsync(999)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toEqual([0, 1000])
    await vi.advanceTimersByTimeAsync(2000)
    expect(calls).toEqual([0, 1000, 3000])
    await vi.advanceTimersByTimeAsync(4000)
    expect(calls).toEqual([0, 1000, 3000, 7000])

    await expect(result).resolves.toBe('data')
    client.clear()
  })

  it('gives up at once on a 404', async () => {
    const client = createQueryClient()
    const queryFn = vi.fn(async () => {
      throw new ApiError('Session not found.', 404)
    })

    await expect(client.fetchQuery({ queryKey: ['missing'], queryFn })).rejects.toThrow('Session not found.')
    expect(queryFn).toHaveBeenCalledTimes(1)
    client.clear()
  })

  it('does not retry mutations (a retried POST could book twice)', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false)
  })
})
