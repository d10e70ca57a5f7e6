// What logging out needs of the personal data the app keeps on this device
// (the outbox, notes, kept materials, offline copies). The app
// supplies it (src/app/device-data.ts), composing each owner's forget(email);
// the auth feature knows only this interface, so it imports nothing of the
// features that own the data.
/** A user's writes that have not reached the server, by what they are. */
export interface UnsentWrites {
  /** Note changes, conflicts included. */
  notes: number
  /** Bookings' cancels made offline. */
  cancels: number
}

export interface DeviceData {
  /** What of this user's has not reached the server. */
  unsentWrites(email: string): Promise<UnsentWrites>
  /** Stops sending and deletes this user's personal data from the device; rejects when it could not. */
  wipe(email: string): Promise<void>
}
