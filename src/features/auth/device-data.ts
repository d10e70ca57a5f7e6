// What logging out needs of the personal data the app keeps on this device
// (the outbox, notes, kept materials, offline copies). The app
// supplies it (src/app/device-data.ts), composing each owner's forget(email);
// the auth feature knows only this interface, so it imports nothing of the
// features that own the data.
/** What a log out would drop: the question's title and text. */
export interface UnsentWarning {
  title: string
  text: string
}

export interface DeviceData {
  /**
   * The question to ask before a log out would drop this user's writes that
   * have not reached the server (the device knows what they are); null when
   * there are none.
   */
  unsentWarning(email: string): Promise<UnsentWarning | null>
  /** Stops sending and deletes this user's personal data from the device; rejects when it could not. */
  wipe(email: string): Promise<void>
}
