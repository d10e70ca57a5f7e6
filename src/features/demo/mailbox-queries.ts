// The demo mailbox as the Mailbox screen reads it (docs/decisions/0081-demo-mailbox.md):
// the recipients and one recipient's mails, newest first, and a mail whole.
import { queryOptions } from '@tanstack/react-query'
import { DEMO_MAILBOX_PATH, type DemoMail, type DemoMailboxAnswer } from '#contract/demo-identity'
import { queryKeys } from '#shared/api/query-keys'
import { demoServerCall } from './demo-server-call'

export const mailboxQueries = {
  /** Everyone with mail; with `to`, their mails too. New mail may come any time: never fresh for long. */
  of: (to: string | null) =>
    queryOptions({
      queryKey: queryKeys.mailbox.of(to),
      queryFn: ({ signal }) =>
        demoServerCall<DemoMailboxAnswer>(
          to ? `${DEMO_MAILBOX_PATH}?to=${encodeURIComponent(to)}` : DEMO_MAILBOX_PATH,
          undefined,
          signal,
        ),
      staleTime: 0,
    }),
  /** A mail never changes once kept. */
  mail: (id: string) =>
    queryOptions({
      queryKey: queryKeys.mailbox.mail(id),
      queryFn: ({ signal }) =>
        demoServerCall<DemoMail>(`${DEMO_MAILBOX_PATH}/${encodeURIComponent(id)}`, undefined, signal),
      staleTime: Infinity,
    }),
}
