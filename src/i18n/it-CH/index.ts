// Il catalogo in italiano svizzero: le stesse chiavi dell’inglese, forma con il tu.
import type { Catalogue } from '../en'
import { account } from './account'
import { accountsArea } from './accounts-area'
import { auth } from './auth'
import { feed } from './feed'
import { head } from './head'
import { itemArea } from './item'
import { landing } from './landing'
import { messagesArea } from './messages'
import { myListings } from './my-listings'
import { pages } from './pages'
import { push } from './push'
import { sell } from './sell'
import { sellFlow } from './sell-flow'
import { shell } from './shell'
import { productTypes, shop } from './shop'
import { subscription } from './subscription'
import { toasts } from './toasts'

export const catalogue: Catalogue = {
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
export { staticPages } from './static-pages'
