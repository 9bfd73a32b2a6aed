/**
 * One websocket: the Phoenix channel protocol as realtime-js uses it (docs/supabase-wire.md §6.2–6.3) —
 * heartbeat, phx_join with postgres_changes bindings (or `private: true`, private-topics.ts), access_token,
 * phx_leave — with hosted Realtime's replies.
 * Frames are handled one at a time in arrival order, so a join is complete before the next frame is looked at.
 * Anything the server does not understand gets an error reply (or an error frame when it has no ref); the socket
 * stays open. Limits (limits.ts) are checked as hosted Realtime checks them, before any work: frames per second,
 * then for a join the joins per second (socket and address) and the channels held (socket and address); refusals
 * are Phoenix error replies with hosted's reasons, which realtime-js reports as CHANNEL_ERROR.
 */
import type WebSocket from 'ws'
import type { Logger } from '../shared/logger.ts'
import type { JwtKeys } from '../shared/jwt.ts'
import { checkToken } from './authorize.ts'
import { resolveBindings } from './bindings.ts'
import { asksPrivate, mayReadPrivateTopic, privateTopicRefusal } from './private-topics.ts'
import type { Catalogue } from './catalogue.ts'
import { visibilityKey, type Channel } from './channel.ts'
import { REFUSALS, TOKEN_CHECK_MAX_MS, type RealtimeLimits } from './limits.ts'
import { encodeFrame, parseFrame, type Frame, type ParseResult, type Vsn } from './protocol.ts'
import { TokenBucket } from './rate.ts'

export interface ConnectionDeps {
  jwt: JwtKeys
  log: Logger
  /** Table lookups, and the change triggers newly published tables need before a subscriber relies on them. */
  catalogue: Catalogue
  limits: Readonly<RealtimeLimits>
  /** Takes one join from the address's budget; false when it is spent. */
  takeAddressJoin(address: string): boolean
  /** Channels the address holds right now, over all its sockets. */
  addressChannels(address: string): number
  register(channel: Channel): void
  unregister(channel: Channel): void
}

interface LiveChannel extends Channel {
  expiryTimer: NodeJS.Timeout | null
}

const TOPIC_PREFIX = 'realtime:'

export class Connection {
  private readonly channels = new Map<string, LiveChannel>()
  private queue: Promise<void> = Promise.resolve()
  private readonly events: TokenBucket
  private readonly joins: TokenBucket
  /** Frames refused for the frame rate in the current second (`refusedSecond`). */
  private refused = 0
  private refusedSecond = 0
  /** When the client last sent anything (epoch ms). */
  lastSeen = Date.now()

  constructor(
    private readonly ws: WebSocket,
    private readonly vsn: Vsn,
    /** The socket's apikey: the fallback identity of a join without access_token. */
    private readonly apikey: string,
    /** The client address (the socket's peer). */
    readonly address: string,
    private readonly deps: ConnectionDeps,
  ) {
    this.events = new TokenBucket(deps.limits.eventsPerSecondPerSocket)
    this.joins = new TokenBucket(deps.limits.joinsPerSecondPerSocket)
    ws.on('message', (data, isBinary) => {
      if (ws.readyState !== ws.OPEN) return
      const now = (this.lastSeen = Date.now())
      if (!this.events.take(now)) return this.overBudget(now, isBinary ? null : data)
      const text = isBinary
        ? null
        : Buffer.isBuffer(data)
          ? data.toString('utf8')
          : Buffer.concat(data as Buffer[]).toString('utf8')
      const parsed = text === null ? null : parseFrame(text, this.vsn)
      // Joins count against their rate when they arrive (as hosted counts them), not when the queue reaches them.
      const isJoin = parsed?.ok === true && parsed.frame.event === 'phx_join' && parsed.frame.topic !== 'phoenix'
      const joinAllowed = !isJoin || (this.joins.take(now) && this.deps.takeAddressJoin(this.address))
      this.queue = this.queue
        .then(() => this.handle(parsed, joinAllowed))
        .catch((e) => {
          this.deps.log.error('realtime: handling a frame failed', e)
          this.push({
            joinRef: null,
            ref: null,
            topic: 'phoenix',
            event: 'phx_error',
            payload: { reason: 'internal error' },
          })
        })
    })
    ws.on('close', () => this.dropAll())
    ws.on('error', () => this.dropAll())
  }

  /** Cuts off a client that went silent (a half-open connection never sends a close). */
  closeIfIdleSince(cutoff: number): boolean {
    if (this.lastSeen >= cutoff) return false
    this.ws.terminate()
    return true
  }

  private push(frame: Frame): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encodeFrame(frame, this.vsn))
  }

  private reply(frame: Frame, status: 'ok' | 'error', response: Record<string, unknown>): void {
    this.push({
      joinRef: frame.joinRef,
      ref: frame.ref,
      topic: frame.topic,
      event: 'phx_reply',
      payload: { status, response },
    })
  }

  /**
   * A frame over the frame budget is refused at once, without waiting behind (or adding to) the work queued before
   * it. A client that keeps sending at twice its budget is flooding: its socket is cut off, so that answering it does
   * not take the server away from everyone else (hosted Realtime disconnects such clients too).
   */
  private overBudget(now: number, data: WebSocket.RawData | null): void {
    const second = Math.floor(now / 1000)
    if (second !== this.refusedSecond) {
      this.refusedSecond = second
      this.refused = 0
    }
    if (++this.refused > this.deps.limits.eventsPerSecondPerSocket) {
      this.deps.log.warn(`realtime: cut off a socket from ${this.address} sending over twice its frame budget`)
      this.ws.terminate()
      return
    }
    const text =
      data === null
        ? null
        : Buffer.isBuffer(data)
          ? data.toString('utf8')
          : Buffer.concat(data as Buffer[]).toString('utf8')
    this.refuseFrame(text, REFUSALS.events)
  }

  /** An error reply to a frame that is not handled (an error frame when it has no ref). */
  private refuseFrame(text: string | null, reason: string): void {
    const parsed = text === null ? null : parseFrame(text, this.vsn)
    if (parsed?.ok) return this.reply(parsed.frame, 'error', { reason })
    if (parsed && parsed.ref !== null) {
      return this.reply(
        { joinRef: null, ref: parsed.ref, topic: parsed.topic ?? 'phoenix', event: '', payload: {} },
        'error',
        { reason },
      )
    }
    this.push({ joinRef: null, ref: null, topic: 'phoenix', event: 'phx_error', payload: { reason } })
  }

  private async handle(parsed: ParseResult | null, joinAllowed: boolean): Promise<void> {
    if (parsed === null) {
      this.push({
        joinRef: null,
        ref: null,
        topic: 'phoenix',
        event: 'phx_error',
        payload: { reason: 'binary frames are not supported' },
      })
      return
    }
    if (!parsed.ok) {
      if (parsed.ref !== null) {
        this.reply(
          { joinRef: null, ref: parsed.ref, topic: parsed.topic ?? 'phoenix', event: '', payload: {} },
          'error',
          {
            reason: parsed.reason,
          },
        )
      } else {
        this.push({
          joinRef: null,
          ref: null,
          topic: 'phoenix',
          event: 'phx_error',
          payload: { reason: parsed.reason },
        })
      }
      return
    }
    const frame = parsed.frame
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') this.reply(frame, 'ok', {})
      else this.reply(frame, 'error', { reason: `unknown event "${frame.event}" on topic phoenix` })
      return
    }
    if (frame.event === 'phx_join') return this.join(frame, joinAllowed)
    const channel = this.channels.get(frame.topic)
    if (!channel) {
      // Phoenix's answer to a frame for a topic the socket has not joined.
      this.reply(frame, 'error', { reason: 'unmatched topic' })
      return
    }
    switch (frame.event) {
      case 'phx_leave':
        this.drop(channel)
        this.reply(frame, 'ok', {})
        return
      case 'access_token':
        return this.refreshToken(channel, frame.payload.access_token)
      default:
        this.reply(frame, 'error', {
          reason: `unsupported event "${frame.event}": this server sends postgres_changes and the database's private broadcasts only (clients cannot broadcast; no presence)`,
        })
    }
  }

  private async join(frame: Frame, allowed: boolean): Promise<void> {
    const old = this.channels.get(frame.topic)
    if (old) this.drop(old) // Phoenix replaces a duplicate join of the same topic.
    if (!frame.topic.startsWith(TOPIC_PREFIX) || frame.topic.length === TOPIC_PREFIX.length) {
      this.reply(frame, 'error', { reason: 'TopicNameRequired: You must provide a topic name' })
      return
    }
    // As hosted: the join counts against the rate before the channel limit is looked at.
    if (!allowed) {
      this.reply(frame, 'error', { reason: REFUSALS.joins })
      return
    }
    if (
      this.channels.size >= this.deps.limits.channelsPerSocket ||
      this.deps.addressChannels(this.address) >= this.deps.limits.channelsPerAddress
    ) {
      this.reply(frame, 'error', { reason: REFUSALS.channels })
      return
    }
    const given = frame.payload.access_token ?? frame.payload.user_token
    const token = typeof given === 'string' && given !== '' && !given.startsWith('sb_') ? given : this.apikey
    const auth = await checkToken(this.deps.jwt, token)
    if (!auth.ok) {
      this.reply(frame, 'error', { reason: auth.reason })
      return
    }
    const name = frame.topic.slice(TOPIC_PREFIX.length)
    const isPrivate = asksPrivate(frame.payload.config)
    if (isPrivate && !mayReadPrivateTopic(name, auth.claims)) {
      this.reply(frame, 'error', { reason: privateTopicRefusal(name) })
      return
    }
    const resolved = await resolveBindings(this.deps.catalogue, frame.payload.config)
    if (!resolved.ok) {
      this.reply(frame, 'error', { reason: resolved.reason })
      return
    }
    if (resolved.bindings.length > 0) await this.deps.catalogue.ensureTriggers()
    if (this.ws.readyState !== this.ws.OPEN) return
    const channel: LiveChannel = {
      topic: frame.topic,
      name,
      joinRef: frame.joinRef,
      private: isPrivate,
      claims: auth.claims,
      role: auth.claims.role,
      visibilityKey: visibilityKey(auth.claims),
      address: this.address,
      token,
      bindings: resolved.bindings,
      expiryTimer: null,
      send: (event, payload) => this.push({ joinRef: null, ref: null, topic: frame.topic, event, payload }),
    }
    this.channels.set(frame.topic, channel)
    this.deps.register(channel)
    this.armExpiry(channel, auth.claims.exp)
    this.reply(frame, 'ok', resolved.bindings.length > 0 ? { postgres_changes: resolved.reply } : {})
    if (resolved.bindings.length > 0) {
      this.push({
        joinRef: frame.joinRef,
        ref: null,
        topic: frame.topic,
        event: 'system',
        payload: { channel: name, extension: 'postgres_changes', message: 'Subscribed to PostgreSQL', status: 'ok' },
      })
    }
  }

  /** access_token frames get no reply (as hosted); a bad token closes the channel with a system message. */
  private async refreshToken(channel: LiveChannel, token: unknown): Promise<void> {
    if (typeof token !== 'string' || token === channel.token || token.startsWith('sb_')) return
    const auth = await checkToken(this.deps.jwt, token)
    if (this.channels.get(channel.topic) !== channel) return
    if (!auth.ok) {
      this.shutdown(channel, auth.reason)
      return
    }
    // A private channel keeps only a token its topic's policy allows (another user's token closes it).
    if (channel.private && !mayReadPrivateTopic(channel.name, auth.claims)) {
      this.shutdown(channel, privateTopicRefusal(channel.name))
      return
    }
    channel.claims = auth.claims
    channel.role = auth.claims.role
    channel.visibilityKey = visibilityKey(auth.claims)
    channel.token = token
    this.armExpiry(channel, auth.claims.exp)
  }

  private armExpiry(channel: LiveChannel, exp: number): void {
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer)
    const left = exp * 1000 - Date.now()
    channel.expiryTimer = setTimeout(
      () => {
        if (exp * 1000 <= Date.now()) this.shutdown(channel, 'InvalidJWTToken: Token has expired')
        else this.armExpiry(channel, exp)
      },
      Math.max(0, Math.min(left, TOKEN_CHECK_MAX_MS)),
    )
    channel.expiryTimer.unref()
  }

  /** Hosted Realtime's shutdown: a system error message, then phx_close, which realtime-js reports as CLOSED. */
  private shutdown(channel: LiveChannel, message: string): void {
    this.push({
      joinRef: channel.joinRef,
      ref: null,
      topic: channel.topic,
      event: 'system',
      payload: { channel: channel.name, extension: 'system', message, status: 'error' },
    })
    this.push({ joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} })
    this.drop(channel)
  }

  private drop(channel: LiveChannel): void {
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer)
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic)
    this.deps.unregister(channel)
  }

  private dropAll(): void {
    for (const channel of [...this.channels.values()]) this.drop(channel)
  }
}
