// Builds the API server for production into dist-server/: one ESM bundle per
// entry (the server, the embedded database's thread, which the server starts
// from beside itself, and the make-admin, backup and restore commands) with every npm package left
// external, so `npm ci --omit=dev` beside it is all it needs at run time, and
// the drizzle migrations copied next to it, where the bundle looks for them
// (server/db/open-database.ts resolves ./migrations from its own URL).
// The container image (Dockerfile) runs exactly this; so does
// server/image-steps.test.ts, since these machines have no docker.
import { cpSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Builds into `outdir`; answers the npm packages the bundle imports, which must all be runtime dependencies. */
export async function buildServer(outdir = `${root}dist-server`) {
  rmSync(outdir, { recursive: true, force: true })
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/main.ts',
      'pglite-worker': 'server/db/pglite-worker.ts',
      'make-admin': 'server/make-admin.ts',
      backup: 'server/backup/backup-command.ts',
      restore: 'server/backup/restore-command.ts',
    },
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    outExtension: { '.js': '.mjs' },
    // npm packages stay in node_modules: pglite's WASM, pg's optional native parts and firebase-admin load their own files.
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  })
  cpSync(`${root}server/db/migrations`, `${outdir}/migrations`, { recursive: true })
  const packages = new Set()
  for (const output of Object.values(metafile.outputs))
    for (const { path, external } of output.imports)
      if (external && !path.startsWith('node:'))
        packages.add(path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0])
  return { outdir, packages: [...packages].sort() }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { outdir } = await buildServer(process.argv[2])
  console.log(`API server built into ${outdir}`)
}
