// A live build's stand-in for the demo server: it answers nothing, so the
// worker lets /api requests go to the network (VITE_API_URL).
export const demoServer = null as null | {
  handle(request: Request): Promise<Response | undefined>
  setDeviceUser(email: string | null): Promise<void>
}
