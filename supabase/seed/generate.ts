/**
 * Generates the demo data deterministically (seeded PRNG): supabase/seed.sql and the listing photos under
 * supabase/seed/storage/listing-images/<user_id>/<listing_id>/<image_id>.jpg, each with its feed/grid card image
 * beside it (<image_id>.card.webp, the path cardImagePath derives, as the sell flow uploads it), which the stack
 * copies into the bucket when it seeds a database. Run with `npm run seed:generate`; commit both outputs.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildWorld, type World } from './world.ts'
import { cardImagePath, renderCardWebp, renderJpeg, type IllustrationSpec } from './illustrations.ts'
import { seedSql, type StoredImage } from './seed-sql.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
export const SEED_SQL_FILE = path.resolve(here, '..', 'seed.sql')
export const SEED_BUCKET_DIR = path.join(here, 'storage', 'listing-images')

async function renderImages(world: World): Promise<StoredImage[]> {
  fs.rmSync(SEED_BUCKET_DIR, { recursive: true, force: true })
  const stored: StoredImage[] = []
  for (const listing of world.listings) {
    for (const image of listing.images) {
      const spec: IllustrationSpec = { ...listing.look, brand: listing.brand, size: listing.size, view: image.order }
      const card = cardImagePath(image.path)
      const files: [string, Buffer, StoredImage['mimetype']][] = [
        [image.path, await renderJpeg(spec), 'image/jpeg'],
        [card, await renderCardWebp(spec), 'image/webp'],
      ]
      for (const [name, bytes, mimetype] of files) {
        const file = path.join(SEED_BUCKET_DIR, name)
        fs.mkdirSync(path.dirname(file), { recursive: true })
        fs.writeFileSync(file, bytes)
        stored.push({
          path: name,
          owner: listing.userId,
          size: bytes.length,
          mimetype,
          md5: crypto.createHash('md5').update(bytes).digest('hex'),
        })
      }
    }
  }
  return stored
}

async function main(): Promise<void> {
  const world = buildWorld()
  const images = await renderImages(world)
  fs.writeFileSync(SEED_SQL_FILE, seedSql(world, images))
  const bytes = images.reduce((sum, i) => sum + i.size, 0)
  const active = world.listings.filter((l) => l.status === 'active').length
  const photos = images.filter((i) => i.mimetype === 'image/jpeg').length
  console.log(
    `seed: ${world.listings.length} listings (${active} active), ${photos} photos + ${images.length - photos} card images, ` +
      `${(bytes / 1024 / 1024).toFixed(2)} MiB of photos, ${world.conversations.length} conversations`,
  )
}

await main()
