import { useMemo, type ReactNode } from 'react';
import type { Access } from '../menu/build.ts';
import { useSession } from '../session.ts';
import { checkRoles, grantsOf, type Grants } from './rules.ts';

/** The signed-in user's grants; components re-render when the session's roles or permissions change. */
export function useGrants(): Grants {
  const permissions = useSession((state) => state.permissions);
  const user = useSession((state) => state.user);
  return useMemo(() => grantsOf({ permissions, user }), [permissions, user]);
}

/** The grants plus the CP's publish area and external addresses: what decides the pages and menu entries. */
export function useAccess(): Access {
  const grants = useGrants();
  const region = useSession((state) => state.cpConfig?.publish_area);
  const externalUrls = useSession((state) => state.cpConfig?.external_urls);
  return useMemo(() => ({ ...grants, region, externalUrls }), [grants, region, externalUrls]);
}

/**
 * Whether the user holds one of `roles` (permission strings or role identifiers; admin holds all).
 * Throws for an empty list, like the spec's `v-permission`.
 */
export function usePermission(roles: readonly string[]): boolean {
  return checkRoles(useGrants(), roles);
}

interface PermissionProps {
  /** Any one of these (permission strings or role identifiers) shows the content; must not be empty. */
  roles: readonly string[];
  children: ReactNode;
  /** Shown instead when the user holds none of the roles; nothing by default. */
  fallback?: ReactNode;
}

/** Renders its content only for users holding one of `roles` (spec §5, the `v-permission` rule). */
export function Permission({ roles, children, fallback = null }: PermissionProps) {
  return usePermission(roles) ? children : fallback;
}
