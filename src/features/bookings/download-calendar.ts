// "Add to calendar": the booking's .ics from the API, saved through a link
// with `download`, so the browser hands it to the calendar app (or keeps it).
import { api } from '#shared/api/http-client'

export async function downloadBookingCalendar(bookingId: string, title: string): Promise<void> {
  const text = await api('getBookingCalendar', { params: { id: bookingId } })
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar' }))
  const link = document.createElement('a')
  link.href = url
  link.download = `${title.replace(/[^\w.-]+/g, '-').slice(0, 60) || 'session'}.ics`
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the file over; the address is not needed any more.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
