import { describe, expect, it } from 'vitest'
import { RATING_MAX, RATING_MIN } from '#contract/entities'
import { filledStars, meanRating, RATINGS } from './rating'

const count = (stars: boolean[]) => stars.filter(Boolean).length

describe('filledStars', () => {
  it('fills star i while i is below the mean', () => {
    expect(filledStars(0)).toEqual([false, false, false, false, false])
    expect(filledStars(1)).toEqual([true, false, false, false, false])
    expect(filledStars(3)).toEqual([true, true, true, false, false])
    expect(filledStars(5)).toEqual([true, true, true, true, true])
  })

  it('fills the star of a fractional part: 3.2 fills four stars, 0.1 one', () => {
    expect(count(filledStars(3.2))).toBe(4)
    expect(count(filledStars(0.1))).toBe(1)
    expect(count(filledStars(4.99))).toBe(5)
  })

  it('treats a missing mean as 0', () => {
    expect(count(filledStars(undefined))).toBe(0)
    expect(count(filledStars(null))).toBe(0)
    expect(count(filledStars(Number.NaN))).toBe(0)
  })
})

describe('meanRating', () => {
  it('is 0 with no reviews', () => {
    expect(meanRating([])).toBe(0)
  })

  it('counts a missing rating as 0', () => {
    expect(meanRating([{ rating: 5 }, { rating: undefined }])).toBe(2.5)
    expect(meanRating([{ rating: 4 }, { rating: 2 }, {}])).toBe(2)
  })
})

describe('RATINGS', () => {
  it('matches the contract’s bounds', () => {
    expect(RATINGS[0]).toBe(RATING_MIN)
    expect(RATINGS.at(-1)).toBe(RATING_MAX)
    expect(RATINGS).toHaveLength(RATING_MAX - RATING_MIN + 1)
  })
})
