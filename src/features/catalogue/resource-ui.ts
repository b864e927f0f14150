import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type * as v from 'valibot';

/** How a catalogue resource appears in the back office: its fields, list columns and delete action. */

/** `country`: an ISO code chosen by the country's name in the reader's language. */
export type FieldKind = 'text' | 'number' | 'money' | 'date' | 'time' | 'select' | 'country' | 'bool' | 'rich' | 'image' | 'textarea' | 'lines' | 'multi';
export interface FieldDef {
  name: string; kind: FieldKind; required?: boolean; options?: readonly string[]; optionKey?: string; dir?: 'ltr' | 'auto'; wide?: boolean;
  /** A select that may be left empty: an empty choice first, sent as null. */
  nullable?: boolean;
  /** The item's key (a code): typed when creating, shown read-only when editing. */
  createOnly?: boolean;
  /**
   * The Arabic text of the field before it (Arabic pages show it, else that field's English): typed right to left;
   * a rich one sits beside its English one, which is then typed left to right.
   */
  arabic?: boolean;
}
export type Row = { id: number | string } & Record<string, unknown>;
/** A list filter select: `name` goes into the list query, option labels are `${optionKey}.${option}`. */
export interface ListFilter { name: string; options: readonly string[]; optionKey: string; label: string }
export interface RemoveAction { label: string; confirm: string; yes: string }
export interface ResourceUi {
  key: string;
  api: string;
  /** Where the list and items are read when not `api` (see catalogueCalls). */
  read?: string;
  /** The identifying field when it is not `id` (codes); the update screen's ?id= carries it. */
  idKey?: string;
  update: 'PUT' | 'PATCH';
  list: string;
  create: string;
  edit: string;
  headerImages?: 'visa' | 'holiday' | 'umrah';
  /** Shows a status filter (published/draft) on the list. */
  publishable: boolean;
  /** Another list filter (publishable resources get the status one). */
  filter?: ListFilter;
  /** The list's delete action per row: its label, question and confirming button, or null for none (default: delete). */
  remove?: (t: TFunction, r: Row, title: string) => RemoveAction | null;
  /** The contract's schema of what the form sends: checked before sending, as the server checks it again. */
  schema: v.GenericSchema;
  /** An i18n key of a note shown above the form. */
  formHint?: string;
  fields: FieldDef[];
  columns: (t: TFunction) => { key: string; label: string; render: (r: Row) => ReactNode; align?: 'end' }[];
  title: (r: Row) => string;
}

/** The form's cells in order: one field, or a rich field with its Arabic text beside it. */
export function formCells(fields: FieldDef[]): FieldDef[][] {
  const cells: FieldDef[][] = [];
  for (const f of fields) {
    const last = cells.at(-1);
    if (f.arabic && f.kind === 'rich' && last?.length === 1 && last[0].kind === 'rich') last.push(f);
    else cells.push([f]);
  }
  return cells;
}

/** The default delete action of a list row. */
export const deleteRow = (t: TFunction, name: string): RemoveAction => ({ label: t('catalogue.delete'), confirm: t('catalogue.confirmDelete', { name }), yes: t('catalogue.confirm') });
