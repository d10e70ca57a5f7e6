// "Add to calendar": the booking's .ics from the API, saved as a file, so the
// browser hands it to the calendar app (or keeps it).
import { api } from '#shared/api/http-client'
import { fileNameOf, saveTextFile } from '#shared/ui/save-file'

export async function downloadBookingCalendar(bookingId: string, title: string): Promise<void> {
  const text = await api('getBookingCalendar', { params: { id: bookingId } })
  saveTextFile(text, 'text/calendar', fileNameOf(title, 'session', 'ics'))
}
