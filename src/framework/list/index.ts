/** The generic list machinery (spec 2 "List search panel", spec 1 section 9): see README.md. */
export { SchemaList, ListToolbar, StateTable, type ColumnSpec, type SchemaListProps } from './SchemaList';
export { SearchPanel, activePreset, type SearchPanelProps } from './SearchPanel';
export { ConfirmBulkAction, type ConfirmBulkActionProps } from './ConfirmBulkAction';
export { useUrlListParams, type UrlListParams } from './useUrlListParams';
export type { ListQueryNames } from './queryNames';
export { useSchemaListController, type SchemaListControllerProps, type SchemaListControllerResult } from './useSchemaListController';
export {
  parseListUrl,
  serializeListUrl,
  toFilterPayload,
  fromFilterPayload,
  emptySearchValues,
  type SearchDeclaration,
  type FilterSpec,
  type SingleFilterSpec,
  type CheckboxFilterSpec,
  type ListOption,
  type ListSearchValues,
  type UrlListState,
} from './urlParams';
