import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The lint keeps the import graph free of cycles (docs/architecture.md#s2-no-cycles). These tests check that the
// rule is on where it should be and that it does see a cycle in the repository's own settings (it follows only
// the file extensions it is told about, so a wrong setting would quietly pass every cycle).
const root = path.resolve(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: root })

describe('the no-cycle lint', () => {
  it.each([
    'src/app/app.tsx',
    'src/sync/engine.ts',
    'supabase/local/rest/plan.ts',
    'supabase/local/realtime/filters.ts',
  ])('is an error in %s', async (file) => {
    const config = (await eslint.calculateConfigForFile(path.join(root, file))) as { rules: Record<string, unknown[]> }
    expect(config.rules['import-x/no-cycle']?.[0]).toBe(2)
  })

  it('reports two TypeScript modules that import each other', async () => {
    const dir = path.join(root, 'supabase/local', `cycle-probe-${process.pid}`)
    mkdirSync(dir, { recursive: true })
    try {
      writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts'\nexport const a = (): number => b() + 1\n")
      writeFileSync(
        path.join(dir, 'b.ts'),
        "import { a } from './a.ts'\nexport const b = (): number => 2\nexport const c = (): number => a()\n",
      )
      writeFileSync(path.join(dir, 'c.ts'), "import type { a } from './d.ts'\nexport type C = typeof a\n")
      writeFileSync(
        path.join(dir, 'd.ts'),
        "import type { C } from './c.ts'\nexport const a = (x: C | null): C | null => x\n",
      )
      const [a, , c] = await eslint.lintFiles(['a.ts', 'b.ts', 'c.ts', 'd.ts'].map((f) => path.join(dir, f)))
      expect(a!.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle'])
      // Imports of types alone vanish at run time and are no cycle.
      expect(c!.messages.map((m) => m.ruleId)).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)
})
