// How domain code names a user-facing text without holding it: a catalogue key (rendered by src/i18n), a key with
// parameters, or text that came from the server and is shown as is. The domain never contains English.

export type MessageParams = Readonly<Record<string, string | number>>

export type Message<K extends string = string> =
  K | { readonly key: K; readonly params: MessageParams } | { readonly text: string }

/** A toast as the spec's error catalogue (docs/product.md §8) defines it: title / description, "destructive" = error style. */
export interface Toast<K extends string = string> {
  readonly title: Message<K>
  readonly description?: Message<K>
  readonly destructive?: boolean
}

export const keyWith = <K extends string>(key: K, params: MessageParams): Message<K> => ({ key, params })

export const serverText = (text: string): Message<never> => ({ text })
