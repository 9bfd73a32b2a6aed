// Hosted entry (Deno): the same handler the local stack serves, with web-push from npm for the encryption and VAPID.
import webpush from 'npm:web-push@3.6.7'
import type { BuildPushRequest } from '../_shared/push/message-push.ts'
import { createHandler } from './handler.ts'

const build: BuildPushRequest = (subscription, payload, options) =>
  webpush.generateRequestDetails(subscription, payload, options) as unknown as ReturnType<BuildPushRequest>

Deno.serve(createHandler((name) => Deno.env.get(name), build))
