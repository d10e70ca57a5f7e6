import { describe, expect, it } from 'vitest'
import { filterParams, filtersFrom, listOfAddress, searchQuery } from './session-filters'

const local = (y: number, m: number, d: number, end = false) =>
  (end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d)).toISOString()

describe('session filters in the address', () => {
  it('reads what the app writes, and leaves out what it would not', () => {
    const params = new URLSearchParams('q=chem&fee=cheap&open=1&from=2026-12-01&to=soon&sort=rating&tutor=a%40b.c')
    const filters = filtersFrom(params)
    expect(filters).toEqual({ q: 'chem', subject: '', fee: '', open: true, from: '2026-12-01', to: '', sort: 'rating' })
    expect(filterParams(filters).toString()).toBe('q=chem&open=1&from=2026-12-01&sort=rating')
  })

  it('leaves out a day the API would refuse: not on the calendar, or outside 1970 to 2100', () => {
    for (const day of ['2026-02-30', '0000-01-01', '1969-12-31', '2101-01-01', '9999-12-31']) {
      expect(filtersFrom(new URLSearchParams(`from=${day}&to=${day}`)), day).toMatchObject({ from: '', to: '' })
    }
    expect(filtersFrom(new URLSearchParams('from=2024-02-29&to=2100-12-30'))).toMatchObject({
      from: '2024-02-29',
      to: '2100-12-30',
    })
  })

  it('asks the API for the days as the student’s own, either way round, and for nothing when nothing is set', () => {
    expect(searchQuery(filtersFrom(new URLSearchParams()))).toEqual({})
    expect(searchQuery(filtersFrom(new URLSearchParams('sort=newest&q=%20')))).toEqual({})
    expect(searchQuery(filtersFrom(new URLSearchParams('to=2026-12-05')))).toEqual({ to: local(2026, 12, 5, true) })
    expect(searchQuery(filtersFrom(new URLSearchParams('from=2026-12-05&to=2026-12-01&fee=free')))).toEqual({
      fee: 'free',
      from: local(2026, 12, 1),
      to: local(2026, 12, 5, true),
    })
  })

  it('reads the list an address asks for: page, tutor and search, the plain first page without them', () => {
    expect(listOfAddress(new URLSearchParams())).toEqual({ page: 1 })
    expect(listOfAddress(new URLSearchParams('page=0&sort=newest&tutor='))).toEqual({ page: 1 })
    expect(listOfAddress(new URLSearchParams('page=1e21'))).toEqual({ page: 1 })
    expect(listOfAddress(new URLSearchParams('page=3&tutor=a%40b.c&q=%20chem%20&fee=paid&sort=fee'))).toEqual({
      page: 3,
      tutorEmail: 'a@b.c',
      search: { q: 'chem', fee: 'paid', sort: 'fee' },
    })
  })
})
