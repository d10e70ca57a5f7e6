// What logging out needs of the personal data the app keeps on this device
// (the notes outbox and notes, kept materials, offline copies). The app
// supplies it (src/app/device-data.ts), composing each owner's forget(email);
// the auth feature knows only this interface, so it imports nothing of the
// features that own the data.
export interface DeviceData {
  /** How many writes of this user have not reached the server. */
  unsentWrites(email: string): Promise<number>
  /** Stops sending and deletes this user's personal data from the device; rejects when it could not. */
  wipe(email: string): Promise<void>
}
