// What the login and register forms catch before asking the identity
// provider, in the provider's own words (./auth-errors.ts), so an empty or
// mistyped field is said beside it at once. Whatever the provider itself
// refuses still comes back as the Error dialog (docs/product.md#messages).
import type { FieldProblem } from '#shared/ui/field-problems'
import { AUTH_MESSAGES } from './auth-errors'

export type CredentialField = 'name' | 'photo' | 'email' | 'password'

/** The identity provider's least password length (docs/product.md#validation). */
const MIN_PASSWORD = 6
export const NAME_REQUIRED = 'Please enter your name.'

/** Something before an @ and something after it: the provider decides the rest. */
const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+$/.test(email)

/** An email the provider could take: given, and something before an @ and something after it. */
export function emailProblems(value: string): FieldProblem<'email'>[] {
  const email = value.trim()
  if (!email) return [{ message: AUTH_MESSAGES['auth/missing-email'], fields: ['email'] }]
  if (!looksLikeEmail(email)) return [{ message: AUTH_MESSAGES['auth/invalid-email'], fields: ['email'] }]
  return []
}

export function credentialProblems(
  values: { email: string; password: string; name?: string },
  { newAccount = false }: { newAccount?: boolean } = {},
): FieldProblem<CredentialField>[] {
  const problems: FieldProblem<CredentialField>[] = []
  if (newAccount && !values.name?.trim()) problems.push({ message: NAME_REQUIRED, fields: ['name'] })
  problems.push(...emailProblems(values.email))
  if (!values.password) problems.push({ message: AUTH_MESSAGES['auth/missing-password'], fields: ['password'] })
  else if (newAccount && values.password.length < MIN_PASSWORD)
    problems.push({ message: AUTH_MESSAGES['auth/weak-password'], fields: ['password'] })
  return problems
}
