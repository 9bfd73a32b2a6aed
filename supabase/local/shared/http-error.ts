/**
 * The one error type of the local stack. Each API throws it with the body shape its real counterpart uses
 * (PostgREST, GoTrue, storage-api, functions), and the app's single onError turns it into a response.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message ?? body.msg ?? body.error ?? `HTTP ${status}`))
  }

  getResponse(): Response {
    return new Response(JSON.stringify(this.body), {
      status: this.status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...this.headers },
    })
  }
}

/** PostgREST's `{code, message, details, hint}`. */
export const restError = (
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
) => new HttpError(status, { code, message, details, hint })

/** GoTrue's error body; the api-version header makes supabase-js read `code` (docs/supabase-wire.md §2.4). */
export const authError = (status: number, code: string, msg: string, extra: Record<string, unknown> = {}) =>
  new HttpError(status, { code, error_code: code, msg, ...extra }, { 'x-supabase-api-version': '2024-01-01' })

/** storage-api's body: the real status travels in `statusCode`. */
export const storageError = (status: number, error: string, message: string) =>
  new HttpError(status, { statusCode: String(status), error, message })
