// Hosted entry (Deno): the same handler the local stack serves, with web-push from npm for the encryption and VAPID.
import webpush from 'npm:web-push@3.6.7'
import type { BuildPushRequest } from '../_shared/push/message-push.ts'
import { createHandler } from './handler.ts'

Deno.serve(createHandler((name) => Deno.env.get(name), webpush.generateRequestDetails as unknown as BuildPushRequest))
