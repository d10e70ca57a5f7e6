declare module '#demo-server' {
  export const demoServer: null | {
    handle(request: Request): Promise<Response | undefined>
    setDeviceUser(email: string | null): Promise<void>
  }
}
