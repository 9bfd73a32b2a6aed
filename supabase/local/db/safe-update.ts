/**
 * Hosted's pg-safeupdate for API transactions, statements inside functions included.
 *
 * On hosted, the `authenticator` role PostgREST connects as loads pg-safeupdate for its whole session. The module
 * looks at every statement Postgres parses in that session — the request's own, and each statement of a function,
 * trigger or dynamic EXECUTE when it is first planned — and raises 21000 "UPDATE requires a WHERE clause" (or
 * DELETE) for an UPDATE or DELETE without a WHERE, also inside a data-modifying WITH. `where true` passes; INSERT …
 * ON CONFLICT DO UPDATE is not checked. Sessions of the auth and storage servers, the dashboard and migrations do
 * not load it (docs/supabase-wire.md §3.4).
 *
 * PGlite cannot load that module, so the local stack asks Postgres for the same information: in an API transaction
 * `debug_print_parse` sends the analysed tree of every statement it parses to the client as a LOG message, and this
 * module reads the trees (withSafeUpdate). A refused statement has already run when its tree is read, so the refusal is raised when
 * the call returns and the transaction rolls back: nothing it wrote stays, and the caller gets the same error. Two
 * differences remain: a function that catches the error in an EXCEPTION block goes on on hosted but fails here, and
 * a function's statements planned first outside an API transaction (PGlite keeps one session, so one plan cache)
 * are not read again until Postgres plans them again (after any DDL, or a refusal: needsPlanDiscard).
 */
import { messages, type Transaction } from '@electric-sql/pglite'

/** Turns the trees on for the rest of the transaction. */
const TREES_ON =
  `select set_config('debug_print_parse', 'on', true), set_config('debug_pretty_print', 'off', true), ` +
  `set_config('client_min_messages', 'log', true)`

const CMD_UPDATE = 2
const CMD_DELETE = 4

type Verb = 'UPDATE' | 'DELETE'

interface Frame {
  /** The node's name (`QUERY`, `FROMEXPR`, …), or `(` for a list. */
  node: string
  /** The field of the enclosing node this one is the value of. */
  field: string | null
  /** The last field name read directly inside this node. */
  lastField: string | null
  commandType?: number
  /** QUERY: whether its FROM/WHERE (jointree) has a qualification; FROMEXPR: its own. */
  hasQuals?: boolean
}

/**
 * The verb of the first UPDATE or DELETE without a WHERE in a parse tree as Postgres prints it (nodeToString: `{QUERY
 * :commandType 2 … :jointree {FROMEXPR :fromlist (…) :quals <>} …}`), or null. Nested queries (WITH, sub-selects) are
 * read too; only an UPDATE or DELETE can be refused.
 */
export function unqualifiedWrite(tree: string): Verb | null {
  const stack: Frame[] = []
  let i = 0
  const n = tree.length
  /** The next token: a run of characters up to whitespace or a bracket, backslash escapes kept whole. */
  const token = (): string => {
    const start = i
    while (i < n) {
      const c = tree[i]!
      if (c === '\\') i += 2
      else if (c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '{' || c === '}' || c === '(' || c === ')')
        break
      else i++
    }
    return tree.slice(start, i)
  }
  while (i < n) {
    const c = tree[i]!
    const top = stack[stack.length - 1]
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r') {
      i++
    } else if (c === '"') {
      // A quoted string value: skip to its unescaped end.
      i++
      while (i < n && tree[i] !== '"') i += tree[i] === '\\' ? 2 : 1
      i++
    } else if (c === '{') {
      i++
      stack.push({ node: token(), field: top?.lastField ?? null, lastField: null })
    } else if (c === '(') {
      i++
      stack.push({ node: '(', field: top?.lastField ?? null, lastField: null })
    } else if (c === '}' || c === ')') {
      i++
      const done = stack.pop()
      const parent = stack[stack.length - 1]
      if (!done) continue
      if (done.node === 'FROMEXPR' && parent?.node === 'QUERY' && done.field === 'jointree') {
        parent.hasQuals = done.hasQuals ?? false
      } else if (done.node === 'QUERY' && done.hasQuals === false) {
        if (done.commandType === CMD_UPDATE) return 'UPDATE'
        if (done.commandType === CMD_DELETE) return 'DELETE'
      }
    } else if (c === ':' && top) {
      i++
      const field = token()
      top.lastField = field
      if (top.node === 'QUERY' && field === 'commandType') {
        while (i < n && /\s/.test(tree[i]!)) i++
        top.commandType = Number(token())
      } else if (top.node === 'FROMEXPR' && field === 'quals') {
        while (i < n && /\s/.test(tree[i]!)) i++
        top.hasQuals = !tree.startsWith('<>', i)
      }
    } else {
      token() // a value: a number, `<>`, `true`, a name, a byte list's item
    }
  }
  return null
}

/** Errors after which the session's plans may hold statements that were planned without being read. */
const unreadPlans = new WeakSet<object>()

/** The error Postgres answers with (a DatabaseError, so the API layers map it as any other). */
export function safeUpdateError(verb: Verb): messages.DatabaseError {
  const message = `${verb} requires a WHERE clause`
  const e = new messages.DatabaseError(message, message.length, 'error')
  e.severity = 'ERROR'
  e.code = '21000'
  unreadPlans.add(e)
  return e
}

/**
 * Whether the caller must drop the session's plans (`discard plans`) after `e`. A refused statement was planned
 * before it was refused, and Postgres keeps the plans of a function's statements for the session, so the next call
 * would not be parsed (nor refused) again; hosted never needs this, since there the refusal stops the planning. The
 * same holds for a write refused in a read-only transaction, where trees are not read (withSafeUpdate).
 */
export const needsPlanDiscard = (e: unknown): boolean => typeof e === 'object' && e !== null && unreadPlans.has(e)

/** How the REST layer starts a GET/HEAD transaction (PostgREST's read-only transaction). */
const READ_ONLY = /^\s*set\s+transaction\s+read\s+only\s*;?\s*$/i

type Notice = messages.NoticeMessage

/**
 * `tx` (an API transaction, its role set) with every statement's parse trees read: a call that parsed an UPDATE or
 * DELETE without a WHERE fails with 21000, before any other error it met, since on hosted the check comes at parse
 * time, before the statement runs. Other notices reach the caller's `onNotice` as before.
 *
 * The trees are turned on by the transaction's first call (one more round trip), unless that call makes it
 * read-only (every GET): there any UPDATE or DELETE fails anyway (25006, so a GET of a function that writes without
 * a WHERE answers 405 where hosted answers 400), and printing the trees would slow every read (a feed read about
 * 8 → 12 ms on a loaded machine). Such a 25006 drops the plans (needsPlanDiscard).
 */
export function withSafeUpdate(tx: Transaction): Transaction {
  let state: 'first call' | 'reading' | 'read-only' = 'first call'
  const start = async (query: string | null): Promise<void> => {
    if (state !== 'first call') return
    if (query !== null && READ_ONLY.test(query)) {
      state = 'read-only'
      return
    }
    await tx.query(TREES_ON)
    state = 'reading'
  }
  const guarded = async <R>(
    call: (onNotice: (n: Notice) => void) => Promise<R>,
    callerOnNotice?: (n: Notice) => void,
  ): Promise<R> => {
    let refused: Verb | null = null
    const onNotice = (notice: Notice) => {
      if (notice.severity === 'LOG' && notice.message === 'parse tree:') {
        refused ??= notice.detail ? unqualifiedWrite(notice.detail) : null
        return
      }
      callerOnNotice?.(notice)
    }
    let result: R
    try {
      result = await call(onNotice)
    } catch (e) {
      if (refused) throw safeUpdateError(refused)
      if (state === 'read-only' && e instanceof messages.DatabaseError && e.code === '25006') unreadPlans.add(e)
      throw e
    }
    if (refused) throw safeUpdateError(refused)
    return result
  }
  return {
    query: async (query, params, options) => {
      await start(query)
      return guarded((onNotice) => tx.query(query, params, { ...options, onNotice }), options?.onNotice)
    },
    exec: async (query, options) => {
      await start(query)
      return guarded((onNotice) => tx.exec(query, { ...options, onNotice }), options?.onNotice)
    },
    sql: async (strings, ...params) => {
      await start(null)
      const text = strings.reduce((acc, part, k) => `${acc}$${k}${part}`)
      return guarded((onNotice) => tx.query(text, params, { onNotice }))
    },
    rollback: () => tx.rollback(),
    listen: (channel, callback) => tx.listen(channel, callback),
    get closed() {
      return tx.closed
    },
  }
}
