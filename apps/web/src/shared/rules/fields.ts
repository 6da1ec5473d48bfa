import { createContext, useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UserGroupFields } from '@rx/contracts/user-groups';
import { useProduct } from '@/app/product/index.ts';
import { http } from '@/shared/http.ts';

/**
 * Where the rule builder reads what a rule may test (fields, operators, the product's tags): the
 * user-groups page's `/user-groups/fields` by default; a profile tag's form reads the same list
 * through `/profile-tags/rule-fields`, under its own page's permission.
 */
export const RuleFieldsPath = createContext('/user-groups/fields');

export function useRuleFields() {
  const productId = useProduct((s) => s.productId);
  const path = useContext(RuleFieldsPath);
  return useQuery({
    queryKey: ['rule-fields', path, productId],
    queryFn: () => http.get<UserGroupFields>(path),
    enabled: !!productId,
    staleTime: 60_000,
  });
}
