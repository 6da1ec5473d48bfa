import {
  OutsideError,
  type ObtainToken,
  type PartyContext,
  type TokenGrant,
} from '../../../lib/outside/index.ts';

/** When a lifetime in seconds the medium answers ends (none answered: no known end). */
export const expiresIn = (seconds: number | undefined): Date | null =>
  seconds ? new Date(Date.now() + seconds * 1000) : null;

/**
 * The token renewal both media share: `obtain` refreshes through the medium's own grant (no refresh
 * token: authorise again), and `renew` renews under the kit's lock, answering the grant's new expiry
 * when this call renewed it.
 */
export function grantRenewal(
  ctx: PartyContext<unknown>,
  refresh: (refreshToken: string) => Promise<{ grant: TokenGrant; grantExpiresAt: Date | null }>,
) {
  let renewedGrantExpiry: Date | null | undefined;
  const obtain: ObtainToken = async ({ refreshToken }) => {
    if (!refreshToken) throw new OutsideError('refused', 'not authorised: authorise the account again');
    const { grant, grantExpiresAt } = await refresh(refreshToken);
    renewedGrantExpiry = grantExpiresAt;
    return grant;
  };
  const renew = async (withinMs: number): Promise<{ grantExpiresAt?: Date | null }> => {
    renewedGrantExpiry = undefined;
    await ctx.token(obtain, { renewWithinMs: withinMs });
    return renewedGrantExpiry === undefined ? {} : { grantExpiresAt: renewedGrantExpiry };
  };
  return { obtain, renew };
}

/** The OAuth settings of the app a medium's real adapter signs in with. */
export interface MediumAppSettings {
  app_id: string;
  redirect_uri: string;
}

/** The medium's authorisation page, with the parameters in the order given. */
export function authorizeUrl(address: string, params: Record<string, string>): string {
  const url = new URL(address);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}
