/** The business-page toolkit: filters in the address, lists, forms checked by the API's schemas, import and export. */
export { useListParams, parseListParams, listSearch, apiQuery, type ListParams } from './list-params.ts';
export { SearchForm, type SearchField } from './SearchForm.tsx';
export { FormDrawer } from './FormDrawer.tsx';
export { MultilangInput, missingLanguages, type MultilangValue } from './MultilangInput.tsx';
export { ExportButton, saveBlob } from './ExportButton.tsx';
export { ImportButton } from './ImportButton.tsx';
export {
  useResourceList,
  useResourceItem,
  useResourceMutations,
  resourceKey,
  type ListAnswer,
} from './resource.ts';
export { validateWith, serverFieldErrors, showFieldErrors } from './zod-form.ts';
export { tablePaging, sortOf } from './table-paging.ts';
export { ListToolbar, statusColumn, updatedAtColumn } from './ListParts.tsx';
