// @vitest-environment node
import 'fake-indexeddb/auto'
import { describe } from 'vitest'
import { registerFaultShard } from '../testing/fault-suite'

describe('sync engine under network faults, shard 3', () => registerFaultShard(3))
