import { Navigate, useLocation, useParams } from 'react-router';

/**
 * `/redirect/<path>?<query>` (spec §2) replaces itself with `/<path>?<query>`. It renders for a
 * moment first, so the page it leaves unmounts and the target mounts afresh (a "reload" of a page).
 */
export function RedirectPage() {
  const { '*': path = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate replace to={`/${path}${search}${hash}`} />;
}
