// drizzle-kit's settings: `npm run db:generate` writes a new migration to
// server/db/migrations from the difference between server/db/schema.ts and the
// last snapshot there. The server applies the folder at start (server/db/open-database.ts).
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
})
