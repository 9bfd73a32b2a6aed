// The English catalogue: every user-facing string of the product, by area. Keys are flat, dotted, and the
// same in every locale; "{name}" marks a parameter.
import type { ProductType } from '@/domain/categories'
import type { DomainMessageKey } from '@/domain/messages'
import { account } from './account'
import { accountsArea } from './accounts-area'
import { auth } from './auth'
import { itemArea } from './item'
import { feed } from './feed'
import { head } from './head'
import { landing } from './landing'
import { messagesArea } from './messages'
import { myListings } from './my-listings'
import { pages } from './pages'
import { productTypes, shop } from './shop'
import { push } from './push'
import { sell } from './sell'
import { sellFlow } from './sell-flow'
import { shell } from './shell'
import { subscription } from './subscription'
import { toasts } from './toasts'

export const en = {
  ...feed,
  ...shell,
  ...landing,
  ...auth,
  ...shop,
  ...productTypes,
  ...sell,
  ...sellFlow,
  ...account,
  ...pages,
  ...toasts,
  ...subscription,
  ...itemArea,
  ...messagesArea,
  ...accountsArea,
  ...myListings,
  ...push,
  ...head,
}

export type CatalogueKey = keyof typeof en
export type Catalogue = Readonly<Record<CatalogueKey, string>>

// Compile-time completeness: every key the domain emits, and every product type it offers, has an English text.
const _domainCovered: Readonly<Record<DomainMessageKey | `productType.${ProductType}`, string>> = en
void _domainCovered
