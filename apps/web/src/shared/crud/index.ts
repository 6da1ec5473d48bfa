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
export {
  validateWith,
  serverFieldErrors,
  showFieldErrors,
  clearChangedErrors,
  schemaDefaults,
} from './zod-form.ts';
export { useFieldErrors } from './use-field-errors.ts';
export { tablePaging, sortOf } from './table-paging.ts';
export {
  ListToolbar,
  RowEditDelete,
  actionsColumn,
  enabledColumn,
  statusColumn,
  updatedAtColumn,
  disabledColumn,
  disabledSearch,
} from './ListParts.tsx';
export { useDeleteRow, disabledInstead, type DeleteOutcome } from './delete-row.ts';
export { copyName } from './copy-name.ts';
export {
  StatusField,
  SwitchField,
  statusSearch,
  enumOptions,
  enumSearch,
  enumColumn,
  tagsColumn,
  iconColumn,
  nameColumn,
  ellipsisColumn,
  MultilangText,
  MissingLanguagesTag,
  emptyText,
  enabledSearch,
  choiceSearch,
  channelSearch,
  languageSearch,
} from './fields.tsx';
export { textIn } from './ref-names.ts';
