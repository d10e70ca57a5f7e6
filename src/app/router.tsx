// Every route of docs/product.md#screens. A screen lives in src/app/routes/ under the name of
// its path (/study-sessions → routes/study-sessions.tsx, /dashboard/my-notes →
// routes/dashboard/my-notes.tsx), so a route leads to its file in one step.
// Home is part of the first load; every other screen is loaded on demand.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom'
import { RequireAuth, RequireRole } from '#features/auth/require-auth'
import { RootLayout } from './layout/root-layout'
import { RouteError } from './layout/route-error'
import { RouteLoading } from './layout/route-loading'
import { Component as Home } from './routes/home'

/**
 * A demo build's own screens: its mailbox, and the pages its identity
 * provider's mails link to. `__DEMO__` (the compile-time constant behind
 * IS_DEMO) is tested here directly, so a live build has no chunk of them
 * (docs/decisions/0081-demo-mailbox.md).
 */
const demoRoutes: RouteObject[] = __DEMO__
  ? [
      { path: 'demo/mailbox', lazy: () => import('./routes/demo/mailbox') },
      { path: 'demo/reset-password', lazy: () => import('./routes/demo/reset-password') },
      { path: 'demo/verify-email', lazy: () => import('./routes/demo/verify-email') },
    ]
  : []

export const routeTree: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // Shown on a first load of any lazy screen until its code (and loader) is in.
    HydrateFallback: RouteLoading,
    children: [
      { index: true, Component: Home },
      // The hero's "Explore Sessions" points at /sessions (docs/product.md#screens).
      { path: 'sessions', element: <Navigate to="/study-sessions" replace /> },
      { path: 'study-sessions', lazy: () => import('./routes/study-sessions') },
      { path: 'tutors', lazy: () => import('./routes/tutors') },
      { path: 'about', lazy: () => import('./routes/about') },
      { path: 'login', lazy: () => import('./routes/login') },
      { path: 'register', lazy: () => import('./routes/register') },
      { path: 'settings', lazy: () => import('./routes/settings') },
      ...demoRoutes,
      // A mail's link: signed in or not, the token is the proof.
      { path: 'unsubscribe/:token', lazy: () => import('./routes/unsubscribe') },
      {
        // Login required (docs/product.md#screens): visitors go to /login and come back after.
        element: <RequireAuth />,
        children: [
          { path: 'session-details/:id', lazy: () => import('./routes/session-details') },
          {
            path: 'dashboard',
            lazy: () => import('./routes/dashboard/dashboard-layout'),
            children: [
              { index: true, lazy: () => import('./routes/dashboard/dashboard-index') },
              // Every role: each user's own inbox.
              { path: 'notifications', lazy: () => import('./routes/dashboard/notifications') },
              // Student only: the screens of another role send everyone else to /, as admin screens do.
              {
                element: <RequireRole role="student" />,
                children: [
                  { path: 'student', lazy: () => import('./routes/dashboard/student') },
                  { path: 'my-reviews', lazy: () => import('./routes/dashboard/student') },
                  { path: 'my-bookings', lazy: () => import('./routes/dashboard/my-bookings') },
                  { path: 'student/bookings/:id', lazy: () => import('./routes/dashboard/student-booking') },
                  {
                    path: 'student/bookings/:id/materials',
                    lazy: () => import('./routes/dashboard/student-booking-materials'),
                  },
                  { path: 'create-note', lazy: () => import('./routes/dashboard/create-note') },
                  { path: 'my-notes', lazy: () => import('./routes/dashboard/my-notes') },
                  { path: 'my-materials', lazy: () => import('./routes/dashboard/my-materials') },
                ],
              },
              // Tutor only.
              {
                element: <RequireRole role="tutor" />,
                children: [
                  { path: 'tutor', lazy: () => import('./routes/dashboard/tutor') },
                  { path: 'add-session', lazy: () => import('./routes/dashboard/add-session') },
                  { path: 'my-sessions', lazy: () => import('./routes/dashboard/my-sessions') },
                  { path: 'my-sessions/:id/roster', lazy: () => import('./routes/dashboard/session-roster') },
                  { path: 'tutor-materials', lazy: () => import('./routes/dashboard/tutor-materials') },
                  { path: 'my-material', lazy: () => import('./routes/dashboard/my-material') },
                ],
              },
              // Admin only: everyone else is sent to / (docs/product.md#screens).
              {
                element: <RequireRole role="admin" />,
                children: [
                  { path: 'admin', lazy: () => import('./routes/dashboard/admin') },
                  { path: 'manage-sessions', lazy: () => import('./routes/dashboard/manage-sessions') },
                  { path: 'manage-bookings', lazy: () => import('./routes/dashboard/manage-bookings') },
                  { path: 'manage-users', lazy: () => import('./routes/dashboard/manage-users') },
                  { path: 'manage-reviews', lazy: () => import('./routes/dashboard/manage-reviews') },
                  { path: 'manage-materials', lazy: () => import('./routes/dashboard/manage-materials') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]

export const router = createBrowserRouter(routeTree)
