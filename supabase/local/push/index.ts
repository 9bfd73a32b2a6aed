/**
 * Web Push for new messages, sent by the local stack itself: a trigger NOTIFYs each inserted message's id
 * (message-notify.sql), and this sender reads the receiver's subscriptions and POSTs one encrypted, VAPID-signed
 * push to each (the shared code of the send-push function). Nothing here runs inside the request that inserted the
 * message: the notification arrives after its commit, so a slow or dead push service never slows an insert. A
 * subscription the push service answers 404 or 410 to is deleted. Endpoints: https, or http on loopback (tests).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import webpush from 'web-push'
import type { StackContext } from '../context.ts'
import {
  deliverMessagePush,
  type BuildPushRequest,
  type DeliveryDeps,
  type MessageForPush,
  type MessagePushStore,
  type PushSubscriptionRow,
} from '../../functions/_shared/push/message-push.ts'
import type { Database } from '../db/database.ts'
import type { VapidKeys } from './vapid-keys.ts'

const NOTIFY_SQL = path.join(path.dirname(fileURLToPath(import.meta.url)), 'message-notify.sql')
const CHANNEL = 'kreis_push'
/** Messages whose pushes are on their way at once; more wait in order. */
export const PUSH_CONCURRENCY = 16
/** A VAPID subject is required (a contact for the push service); the operator may set their own. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:push@kreis.localhost'

export const buildPushRequest: BuildPushRequest = (subscription, payload, options) =>
  webpush.generateRequestDetails(subscription, payload, options) as unknown as ReturnType<BuildPushRequest>

/** Installs the trigger unless this very version of it is there (a comment on its function holds the sha1). */
async function installTrigger(db: Database): Promise<void> {
  const sql = fs.readFileSync(NOTIFY_SQL, 'utf8')
  const version = `kreis push ${crypto.createHash('sha1').update(sql).digest('hex')}`
  const { rows } = await db.pg.query<{ description: string | null }>(
    `select obj_description(to_regprocedure('private.kreis_notify_message_push()'), 'pg_proc') as description`,
  )
  if (rows[0]?.description === version) return
  await db.pg.exec(`begin;\n${sql}\n;comment on function private.kreis_notify_message_push() is '${version}';\ncommit;`)
}

function sqlStore(db: Database): MessagePushStore {
  return {
    async targets(messageId) {
      const { rows } = await db.pg.query<MessageForPush & { subscriptions: PushSubscriptionRow[] | null }>(
        `select m.id, m.conversation_id, m.receiver_id, m.content, p.first_name as sender_first_name, l.title as listing_title,
                r.language as receiver_language,
                (select json_agg(json_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth))
                   from public.push_subscriptions s where s.user_id = m.receiver_id) as subscriptions
           from public.messages m
           join public.listings l on l.id = m.listing_id
           left join public.profiles p on p.id = m.sender_id
           left join public.profiles r on r.id = m.receiver_id
          where m.id = $1`,
        [messageId],
      )
      const row = rows[0]
      if (!row?.subscriptions?.length) return null
      const { subscriptions, ...message } = row
      return { message, subscriptions }
    },
    async removeSubscription(id) {
      await db.pg.query(`delete from public.push_subscriptions where id = $1`, [id])
    },
  }
}

export interface PushSender {
  /** Resolves once every message notified so far has been handled (tests, bench). */
  idle(): Promise<void>
  close(): Promise<void>
}

export async function attachPush(ctx: StackContext, vapid: VapidKeys): Promise<PushSender> {
  const { db, log } = ctx
  const stop = new AbortController()
  await installTrigger(db)
  const deps: DeliveryDeps = {
    build: buildPushRequest,
    vapid: { ...vapid, subject: ctx.config.functionsEnv.VAPID_SUBJECT || DEFAULT_VAPID_SUBJECT },
    allowLoopbackHttp: true,
    signal: stop.signal,
  }
  const store = sqlStore(db)
  const queue: string[] = []
  const running = new Set<Promise<void>>()
  let closed = false
  let waiters: (() => void)[] = []

  const settle = () => {
    if (queue.length > 0 || running.size > 0) return
    for (const w of waiters) w()
    waiters = []
  }
  const pump = () => {
    while (!closed && running.size < PUSH_CONCURRENCY && queue.length > 0) {
      const id = queue.shift()!
      const job: Promise<void> = deliverMessagePush(deps, store, id)
        .then((r) => {
          if (r.failed > 0)
            log.warn(`push: ${r.failed} of ${r.sent + r.failed + r.removed} pushes for message ${id} failed`)
        })
        .catch((e) => {
          if (!closed) log.error(`push: message ${id} could not be sent`, e)
        })
        .finally(() => {
          running.delete(job)
          pump()
          settle()
        })
      running.add(job)
    }
  }
  const unlisten = await db.pg.listen(CHANNEL, (payload) => {
    if (closed) return
    queue.push(payload)
    pump()
  })

  return {
    idle: () => (queue.length === 0 && running.size === 0 ? Promise.resolve() : new Promise((r) => waiters.push(r))),
    async close() {
      closed = true
      queue.length = 0
      stop.abort()
      await Promise.allSettled([...running])
      await unlisten().catch(() => {})
      settle()
    },
  }
}
