/**
 * Signed URLs as storage-api makes them: a JWT signed with the project secret carrying `{url: "<bucket>/<name>"}`,
 * appended as `?token=`; the GET needs nothing else.
 */
import { jwtVerify, errors as joseErrors } from 'jose'
import type { StackContext } from '../context.ts'
import { storageErrors } from './errors.ts'

export async function signedPath(ctx: StackContext, bucket: string, name: string, expiresIn: number): Promise<string> {
  const token = await ctx.jwt.sign({ url: `${bucket}/${name}` }, expiresIn)
  return `/object/sign/${bucket}/${name}?token=${token}`
}

export async function checkSignedToken(
  ctx: StackContext,
  token: string | undefined,
  bucket: string,
  name: string,
): Promise<void> {
  if (!token) throw storageErrors.invalidSignature('Missing token')
  let url: unknown
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(ctx.config.jwtSecret), {
      algorithms: ['HS256'],
    })
    url = payload.url
  } catch (e) {
    throw storageErrors.invalidSignature(e instanceof joseErrors.JWTExpired ? 'jwt expired' : 'invalid signature')
  }
  if (url !== `${bucket}/${name}`) throw storageErrors.invalidSignature('Invalid signature')
}
