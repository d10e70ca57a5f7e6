// Connects the client session (./auth-session.ts) to the app: starts it
// (listening to the identity provider), lends the HTTP client its token
// renewal, and hands the actions (sign in, sign up, Google, log out) to the
// screens through useAuthActions(). Who is signed in is not here: it is the
// ['auth', 'user'] query entry (./user-query.ts).
import { useQueryClient } from '@tanstack/react-query'
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { setTokenRenewer } from '#shared/api/http-client'
import { loadAuthGateway } from './auth-gateway'
import type { AuthGateway } from './auth-identity'
import { createAuthSession, type AuthSession, type AuthSessionOptions } from './auth-session'
import { authKeys, type SignedInUser } from './user-query'

export type AuthActions = Omit<AuthSession, 'start' | 'renewToken'>

const AuthActionsContext = createContext<AuthActions | null>(null)

/** Sign in, sign up, Google, log out. */
export function useAuthActions(): AuthActions {
  const actions = useContext(AuthActionsContext)
  if (!actions) throw new Error('useAuthActions must be used inside <AuthProvider>')
  return actions
}

export interface AuthProviderProps extends Partial<Omit<AuthSessionOptions, 'loadGateway'>> {
  children: ReactNode
  /** Tests pass a fake; the app loads the build's gateway. */
  loadGateway?: () => Promise<AuthGateway>
}

/** Tests of a screen give it actions without a provider behind them. */
export const AuthActionsProvider = AuthActionsContext.Provider

export function AuthProvider({ children, loadGateway = loadAuthGateway, publish, ...options }: AuthProviderProps) {
  const queryClient = useQueryClient()
  const [session] = useState(() =>
    createAuthSession({
      loadGateway,
      publish: publish ?? ((user: SignedInUser | null) => queryClient.setQueryData(authKeys.user, user)),
      ...options,
    }),
  )
  useEffect(() => {
    // How the HTTP client renews an expired app token: a fresh ID token, then POST /jwt.
    setTokenRenewer(session.renewToken)
    const stop = session.start()
    return () => {
      stop()
      setTokenRenewer(null)
    }
  }, [session])
  return <AuthActionsContext.Provider value={session}>{children}</AuthActionsContext.Provider>
}
