// First: restores the saved first-paint cache, so the router's first loaders see it.
import './app/query-persistence'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import { startPlatform } from './app/platform'
import './index.css'

startPlatform()

const container = document.getElementById('root')!
const app = (
  <StrictMode>
    <App />
  </StrictMode>
)
// A built index.html holds the home page prerendered (scripts/prerender/):
// on "/" React adopts that markup, so the hero painted from HTML stays put.
// Elsewhere index.html's inline script has already emptied the root, and the
// dev server's index.html has nothing in it.
if (location.pathname === '/' && container.firstElementChild) hydrateRoot(container, app)
else createRoot(container).render(app)
