// Saves text the app made or fetched as a file on the device: a link with
// `download`, clicked, so the browser keeps it (or hands it to the app that
// opens its type).
export function saveTextFile(text: string, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the file over; the address is not needed any more.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** A file name made of a title: letters, digits, dots and dashes, at most 60 characters. */
export const fileNameOf = (title: string, fallback: string, extension: string) =>
  `${title.replace(/[^\w.-]+/g, '-').slice(0, 60) || fallback}.${extension}`
