// The entry in two tasks (src/main.tsx, docs/performance.md#the-entry-in-two-tasks):
// the build's side of it.
//
// - `appStartGroup()`: a code-splitting group that puts every module
//   src/app/start.tsx reaches by static imports into one chunk, "app-start",
//   as the first load's modules were one chunk before: one gzip stream
//   compresses better than the screens' shared chunks it would otherwise be
//   spread over (vite.config.ts). Modules the entry itself holds (React DOM)
//   stay in the entry: that group comes first.
// - `preloadAppStartPlugin()`: a `<link rel="modulepreload">` of that chunk
//   in index.html, so the browser fetches it with the entry instead of after
//   the entry has run.
import type { Plugin } from 'vite'

type ModuleInfo = { importedIds: readonly string[] } | null
type ChunkingContext = { getModuleInfo(id: string): ModuleInfo }

const APP_START_CHUNK = 'app-start'

export function appStartGroup(startModule: string) {
  const reached = new WeakMap<ChunkingContext, Set<string>>()
  const reachedFrom = (ctx: ChunkingContext) => {
    let modules = reached.get(ctx)
    if (modules) return modules
    modules = new Set<string>()
    const stack = [startModule]
    while (stack.length > 0) {
      const id = stack.pop()!
      if (modules.has(id)) continue
      modules.add(id)
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []))
    }
    reached.set(ctx, modules)
    return modules
  }
  return {
    name: (id: string, ctx: ChunkingContext) => (reachedFrom(ctx).has(id) ? APP_START_CHUNK : null),
    priority: 9,
  }
}

export function preloadAppStartPlugin(): Plugin {
  return {
    name: 'studyhub:preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
        const start = chunks.find((chunk) => chunk.name === APP_START_CHUNK)
        const entry = chunks.find((chunk) => chunk.isEntry)
        if (!start || !entry) throw new Error(`preload-app-start: no entry or ${APP_START_CHUNK} chunk in this build`)
        // Beside the entry's own script, at the address it has (the build's base before its file name).
        return html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (script, src: string) => {
          const href = src.slice(0, src.length - entry.fileName.length) + start.fileName
          return `${script}\n    <link rel="modulepreload" crossorigin href="${href}">`
        })
      },
    },
  }
}
