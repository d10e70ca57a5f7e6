// The user's writes waiting for the server, of every kind, read through the
// query cache (./device-query.ts): the screens that show them (a booking
// card's waiting cancel, the bar's count) select their kind. Any write to the
// outbox, by a screen, another tab or the sync engine, refreshes them.
import { queryKeys } from '../api/query-keys'
import { deviceQuery } from './device-query'

export const outboxQueries = {
  ofUser: (email: string) =>
    deviceQuery({
      queryKey: queryKeys.outbox.ofUser(email),
      tables: ['outbox'],
      read: async () => (await import('./outbox')).readQueued(email),
    }),
}
