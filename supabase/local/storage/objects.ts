/**
 * storage.buckets and storage.objects. Writes and reads on behalf of a caller run in that caller's transaction
 * (Database.withClaims), so the buckets' RLS policies decide; the public and signed routes look up as superuser.
 */
import type { Tx } from '../db/database.ts'

export interface BucketRow {
  id: string
  name: string
  owner: string | null
  public: boolean
  file_size_limit: number | string | null
  allowed_mime_types: string[] | null
  created_at: Date
  updated_at: Date
}

export interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

export interface ObjectRow {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  owner_id: string | null
  metadata: ObjectMetadata | null
  version: string | null
  created_at: Date
  updated_at: Date
  last_accessed_at: Date
}

const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, metadata, version, created_at, updated_at, last_accessed_at'
const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at'

export async function findBucket(tx: Tx, id: string): Promise<BucketRow | null> {
  const { rows } = await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])
  return rows[0] ?? null
}

export async function listBuckets(tx: Tx): Promise<BucketRow[]> {
  const { rows } = await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets order by name`)
  return rows
}

export async function findObject(tx: Tx, bucket: string, name: string): Promise<ObjectRow | null> {
  const { rows } = await tx.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  )
  return rows[0] ?? null
}

export interface ObjectWrite {
  bucket: string
  name: string
  owner: string | null
  metadata: ObjectMetadata
  version: string
}

export type WriteMode = 'insert' | 'upsert' | 'update'

/** The written row, or null when an update found no row it may change. */
export async function writeObject(tx: Tx, w: ObjectWrite, mode: WriteMode): Promise<ObjectRow | null> {
  const params = [w.bucket, w.name, w.owner, JSON.stringify(w.metadata), w.version]
  if (mode === 'update') {
    const { rows } = await tx.query<ObjectRow>(
      `update storage.objects set owner = $3::uuid, owner_id = $3, metadata = $4, version = $5, updated_at = now(),
         last_accessed_at = now()
       where bucket_id = $1 and name = $2 returning ${OBJECT_COLUMNS}`,
      params,
    )
    return rows[0] ?? null
  }
  const onConflict =
    mode === 'upsert'
      ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
           metadata = excluded.metadata, version = excluded.version, updated_at = now(), last_accessed_at = now()`
      : ''
  const { rows } = await tx.query<ObjectRow>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
     values ($1, $2, $3::uuid, $3, $4, $5) ${onConflict} returning ${OBJECT_COLUMNS}`,
    params,
  )
  return rows[0] ?? null
}

export async function deleteObjects(tx: Tx, bucket: string, names: string[]): Promise<ObjectRow[]> {
  // storage.protect_delete refuses a DELETE without this transaction-local guard, which storage-api sets the same way.
  await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`)
  const { rows } = await tx.query<ObjectRow>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
    [bucket, names],
  )
  return rows
}

/** Every object (the caller may see) whose name starts with `prefix`. */
export async function objectsUnder(tx: Tx, bucket: string, prefix: string): Promise<ObjectRow[]> {
  const { rows } = await tx.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects
     where bucket_id = $1 and left(name, char_length($2)) = $2 order by name`,
    [bucket, prefix],
  )
  return rows
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** storage-api's FileObject. */
export function fileObjectJson(o: ObjectRow): Record<string, unknown> {
  return {
    name: o.name,
    bucket_id: o.bucket_id,
    owner: o.owner,
    owner_id: o.owner_id,
    id: o.id,
    version: o.version,
    updated_at: iso(o.updated_at),
    created_at: iso(o.created_at),
    last_accessed_at: iso(o.last_accessed_at),
    metadata: o.metadata,
  }
}

export function bucketJson(b: BucketRow): Record<string, unknown> {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner ?? '',
    public: b.public,
    file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
    allowed_mime_types: b.allowed_mime_types,
    created_at: iso(b.created_at),
    updated_at: iso(b.updated_at),
  }
}
