// @vitest-environment node
import 'fake-indexeddb/auto'
import { describe } from 'vitest'
import { registerFaultShard } from '../testing/fault-suite'

describe('sync engine under network faults, shard 0', () => registerFaultShard(0))
