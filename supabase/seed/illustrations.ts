/**
 * Flat-lay garment illustrations for the seed's listing photos, drawn as SVG and rendered to JPEG with sharp.
 * Each listing gets its own colour, pattern and backdrop; its photos show the whole piece, a close-up of the
 * fabric, a tilted view, the brand label and a smaller "folded" view.
 */
import sharp from 'sharp'
import type { Silhouette } from './catalogue.ts'

export const IMAGE_WIDTH_PX = 600
export const IMAGE_HEIGHT_PX = 750
export const JPEG_QUALITY = 70

export type Pattern = 'plain' | 'stripes' | 'dots' | 'check' | 'rib'

export interface IllustrationSpec {
  silhouette: Silhouette
  colour: string
  pattern: Pattern
  backdrop: string
  brand: string
  size: string | null
  /** 1-based photo number; picks the view. */
  view: number
}

export const BACKDROPS = ['#f3eee6', '#e9eef2', '#f2e9e6', '#e8efe8', '#efece3', '#ece8f0'] as const
export const PATTERNS: readonly Pattern[] = ['plain', 'stripes', 'dots', 'check', 'rib', 'plain']

function shade(hex: string, factor: number): string {
  const n = parseInt(hex.slice(1), 16)
  const ch = (v: number) =>
    Math.max(0, Math.min(255, Math.round(factor < 1 ? v * factor : v + (255 - v) * (factor - 1))))
  const [r, g, b] = [ch((n >> 16) & 255), ch((n >> 8) & 255), ch(n & 255)]
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`
}

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)
}

/** The garment's outline(s); the first path is filled with the fabric, the rest are details drawn on top. */
const SHAPES: Record<Silhouette, { body: string; details: string }> = {
  top: {
    body: 'M215,165 L262,142 Q300,172 338,142 L385,165 L455,300 L472,522 L430,528 L402,335 L402,572 L198,572 L198,335 L170,528 L128,522 L145,300 Z',
    details: 'M198,548 L402,548 M134,500 L166,504 M434,504 L466,500 M262,142 Q300,190 338,142',
  },
  shirt: {
    body: 'M212,165 L268,140 L300,170 L332,140 L388,165 L458,300 L470,500 L430,505 L402,330 L402,585 L198,585 L198,330 L170,505 L130,500 L142,300 Z',
    details:
      'M268,140 L292,205 L300,170 L308,205 L332,140 M300,205 L300,585 M300,245 m-4,0 a4,4 0 1,0 8,0 a4,4 0 1,0 -8,0 M300,320 m-4,0 a4,4 0 1,0 8,0 a4,4 0 1,0 -8,0 M300,395 m-4,0 a4,4 0 1,0 8,0 a4,4 0 1,0 -8,0 M300,470 m-4,0 a4,4 0 1,0 8,0 a4,4 0 1,0 -8,0',
  },
  coat: {
    body: 'M205,150 L262,128 L300,175 L338,128 L395,150 L462,300 L478,560 L436,566 L410,340 L420,660 L180,660 L190,340 L164,566 L122,560 L138,300 Z',
    details:
      'M262,128 L285,260 L300,175 L315,260 L338,128 M300,260 L300,660 M318,300 m-6,0 a6,6 0 1,0 12,0 a6,6 0 1,0 -12,0 M318,390 m-6,0 a6,6 0 1,0 12,0 a6,6 0 1,0 -12,0 M318,480 m-6,0 a6,6 0 1,0 12,0 a6,6 0 1,0 -12,0 M215,470 L270,470 M330,470 L385,470',
  },
  dress: {
    body: 'M252,140 L278,130 Q300,160 322,130 L348,140 L366,205 L352,320 Q390,450 452,630 L148,630 Q210,450 248,320 L234,205 Z',
    details: 'M248,320 Q300,335 352,320 M300,335 L300,630 M220,480 Q300,500 380,480',
  },
  skirt: {
    body: 'M215,210 L385,210 L385,250 Q420,400 462,590 L138,590 Q180,400 215,250 Z',
    details: 'M215,250 L385,250 M255,250 L215,590 M300,250 L300,590 M345,250 L385,590',
  },
  trousers: {
    body: 'M212,150 L388,150 L414,640 L322,640 L300,300 L278,640 L186,640 Z',
    details:
      'M212,185 L388,185 M300,185 L300,300 M230,185 Q240,240 272,248 M370,185 Q360,240 328,248 M190,600 L278,600 M322,600 L410,600',
  },
  onesie: {
    body: 'M300,105 Q360,105 362,170 L392,200 L470,310 L440,340 L392,275 L392,440 L404,640 L318,640 L300,470 L282,640 L196,640 L208,440 L208,275 L160,340 L130,310 L208,200 L238,170 Q240,105 300,105 Z',
    details: 'M262,170 Q300,200 338,170 M300,200 L300,470 M196,600 L282,600 M318,600 L404,600',
  },
  boot: {
    body: 'M230,190 L330,190 L336,450 Q340,490 392,500 L458,516 Q492,526 492,566 L492,600 L218,600 L218,552 Z',
    details: 'M218,572 L492,572 M232,240 L332,240 M330,260 L300,280 L330,300 L300,320 L330,340 L300,360',
  },
  sneaker: {
    body: 'M128,520 Q126,452 188,436 L272,400 Q300,386 322,402 L424,460 Q488,474 486,520 L486,552 L128,552 Z',
    details: 'M128,528 L486,528 M258,420 L300,456 M282,410 L324,446 M306,404 L346,438 M190,470 Q260,500 340,470',
  },
  bag: {
    body: 'M182,300 L418,300 Q438,300 440,322 L452,590 Q452,612 430,612 L170,612 Q148,612 148,590 L160,322 Q162,300 182,300 Z',
    details:
      'M218,300 Q218,170 300,170 Q382,170 382,300 M236,300 Q236,192 300,192 Q364,192 364,300 M160,392 L440,392 M300,392 L300,430',
  },
  scarf: {
    body: 'M196,120 L404,120 L404,200 Q446,262 392,306 L404,612 L272,612 L278,318 Q150,262 196,200 Z',
    details:
      'M272,612 L270,656 M290,612 L289,656 M308,612 L308,656 M326,612 L327,656 M344,612 L346,656 M362,612 L365,656 M380,612 L384,656 M398,612 L403,656 M196,200 L404,200',
  },
  beanie: {
    // Dome, ribbed cuff and pompom as one filled outline.
    body: 'M170,480 Q170,250 300,250 Q430,250 430,480 L440,480 L440,545 L160,545 L160,480 Z M300,166 m-44,0 a44,44 0 1,0 88,0 a44,44 0 1,0 -88,0',
    details:
      'M160,480 L440,480 M190,480 L190,545 M220,480 L220,545 M250,480 L250,545 M280,480 L280,545 M310,480 L310,545 M340,480 L340,545 M370,480 L370,545 M400,480 L400,545 M230,300 Q300,270 370,300',
  },
}

function patternDef(pattern: Pattern, colour: string): string {
  const dark = shade(colour, 0.82)
  const light = shade(colour, 1.25)
  switch (pattern) {
    case 'stripes':
      return `<pattern id="fabric" width="28" height="28" patternUnits="userSpaceOnUse"><rect width="28" height="28" fill="${colour}"/><rect width="28" height="9" fill="${light}"/></pattern>`
    case 'dots':
      return `<pattern id="fabric" width="26" height="26" patternUnits="userSpaceOnUse"><rect width="26" height="26" fill="${colour}"/><circle cx="13" cy="13" r="3.5" fill="${light}"/></pattern>`
    case 'check':
      return `<pattern id="fabric" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="${colour}"/><rect width="40" height="12" fill="${dark}" opacity="0.6"/><rect width="12" height="40" fill="${dark}" opacity="0.6"/></pattern>`
    case 'rib':
      return `<pattern id="fabric" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="${colour}"/><rect width="3" height="10" fill="${dark}" opacity="0.5"/></pattern>`
    case 'plain':
      return `<pattern id="fabric" width="12" height="12" patternUnits="userSpaceOnUse"><rect width="12" height="12" fill="${colour}"/><path d="M0,12 L12,0" stroke="${dark}" stroke-width="0.6" opacity="0.35"/></pattern>`
  }
}

/** Where the close-up view looks, per drawing (the middle of the piece). */
const FOCUS: Partial<Record<Silhouette, readonly [number, number]>> = {
  boot: [330, 470],
  sneaker: [300, 470],
  bag: [300, 440],
  beanie: [300, 420],
}

function piece(spec: IllustrationSpec): string {
  const shape = SHAPES[spec.silhouette]
  const stroke = shade(spec.colour, 0.65)
  return `<g filter="url(#soft)"><path d="${shape.body}" fill="url(#fabric)" stroke="${stroke}" stroke-width="3" stroke-linejoin="round"/></g>
<path d="${shape.details}" fill="none" stroke="${stroke}" stroke-width="3" stroke-linecap="round" opacity="0.8"/>`
}

function garment(spec: IllustrationSpec): string {
  if (spec.silhouette !== 'boot' && spec.silhouette !== 'sneaker') return piece(spec)
  // Shoes come in pairs: the second one behind, a little up and to the left.
  return `<g transform="translate(300,420) scale(1.15) translate(-300,-420)">
<g transform="translate(-46,-96)" opacity="0.92">${piece(spec)}</g>${piece(spec)}</g>`
}

function label(spec: IllustrationSpec): string {
  const text = escapeXml(spec.brand)
  const size = spec.size ? escapeXml(spec.size) : ''
  return `<g transform="translate(300,375) rotate(-4)">
<rect x="-170" y="-110" width="340" height="220" rx="14" fill="#fbfaf7" stroke="#d8d2c6" stroke-width="3"/>
<text x="0" y="-15" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="40" font-weight="bold" fill="#2b2b2b">${text}</text>
<line x1="-120" y1="15" x2="120" y2="15" stroke="#b9b2a4" stroke-width="2"/>
<text x="0" y="65" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#555">${size}</text>
</g>`
}

export function illustrationSvg(spec: IllustrationSpec): string {
  const w = IMAGE_WIDTH_PX
  const h = IMAGE_HEIGHT_PX
  const view = ((spec.view - 1) % 5) + 1
  let content: string
  let background = spec.backdrop
  switch (view) {
    case 1:
      content = garment(spec)
      break
    case 2: // close-up of the fabric
      {
        const [fx, fy] = FOCUS[spec.silhouette] ?? [300, 360]
        content = `<g transform="translate(300,375) scale(2.4) translate(${-fx},${-fy})">${garment(spec)}</g>`
      }
      break
    case 3:
      background = shade(spec.backdrop, 0.95)
      content = `<g transform="rotate(-7 300 375)">${garment(spec)}</g>`
      break
    case 4:
      content = `<rect width="${w}" height="${h}" fill="url(#fabric)"/>${label(spec)}`
      break
    default:
      background = shade(spec.backdrop, 0.92)
      content = `<g transform="translate(300,400) scale(0.72) translate(-300,-375)">${garment(spec)}</g>`
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>${patternDef(spec.pattern, spec.colour)}
<radialGradient id="light" cx="0.35" cy="0.25" r="0.9"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#000000" stop-opacity="0.06"/></radialGradient>
<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="6" dy="10" stdDeviation="10" flood-color="#000" flood-opacity="0.22"/></filter>
</defs>
<rect width="${w}" height="${h}" fill="${background}"/>
${content}
<rect width="${w}" height="${h}" fill="url(#light)"/>
</svg>`
}

/** The feed/grid card image beside each photo, as the sell flow makes it (src/domain/photos.ts CARD_MAX_EDGE_PX,
 * CARD_MAX_BYTES; the stack shares no code with src/): long edge 480 px, WebP, ≤ 40 KB. */
export const CARD_MAX_EDGE_PX = 480
export const CARD_MAX_BYTES = 40_000
export const CARD_WEBP_QUALITY = 70

/** `{path-without-extension}.card.webp`, the path src/domain/photos.ts cardImagePath derives for a stored photo. */
export function cardImagePath(photoPath: string): string {
  return photoPath.replace(/\.[^./]+$/, '') + '.card.webp'
}

export async function renderCardWebp(spec: IllustrationSpec): Promise<Buffer> {
  return sharp(Buffer.from(illustrationSvg(spec)))
    .resize({ width: CARD_MAX_EDGE_PX, height: CARD_MAX_EDGE_PX, fit: 'inside' })
    .webp({ quality: CARD_WEBP_QUALITY })
    .toBuffer()
}

export async function renderJpeg(spec: IllustrationSpec): Promise<Buffer> {
  return sharp(Buffer.from(illustrationSvg(spec)))
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true, chromaSubsampling: '4:2:0' })
    .toBuffer()
}
