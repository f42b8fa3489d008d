import type { ComponentType, ReactNode } from 'react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Create, Datagrid, DeleteButton, Edit, EditButton, List, TopToolbar, useTranslate, type ListProps } from 'react-admin';
import { Empty } from './EmptyList';

type Body = (values: Record<string, unknown>) => Record<string, unknown>;

interface PageOptions {
  /** Named where the page is not under its resource's route. */
  resource?: string;
  /** Catalogue keys of the pages' titles; react-admin's own title otherwise. */
  titles?: { create: string; edit: string };
  transform?: Body;
  /** The edit page's delete button, for lists that show no row buttons. */
  deleteOnEdit?: boolean;
}

/**
 * A settings record's create and edit pages around one form: both go back to the list after
 * saving, and an edit is saved once the API has answered (its 422s land on the fields).
 */
export function formPages(Form: ComponentType<{ editing?: boolean }>, { resource, titles, transform, deleteOnEdit }: PageOptions = {}) {
  const actions = deleteOnEdit ? (
    <TopToolbar>
      <DeleteButton mutationMode="pessimistic" redirect="list" />
    </TopToolbar>
  ) : undefined;
  function CreatePage() {
    const translate = useTranslate();
    return (
      <Create resource={resource} title={titles && translate(titles.create)} redirect="list" transform={transform}>
        <Form />
      </Create>
    );
  }
  function EditPage() {
    const translate = useTranslate();
    return (
      <Edit resource={resource} title={titles && translate(titles.edit)} redirect="list" mutationMode="pessimistic" transform={transform} actions={actions}>
        <Form editing />
      </Edit>
    );
  }
  return { create: CreatePage, edit: EditPage };
}

/** A settings list whose rows open their edit page and carry edit and delete buttons. */
export function SettingsList({ resource, children, ...list }: Omit<ListProps, 'children' | 'empty' | 'exporter'> & { resource: string; children: ReactNode }) {
  return (
    <List empty={<Empty resource={resource} />} exporter={false} {...list}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        {children}
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}

/** The one row of a table with nothing to show. */
export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  const translate = useTranslate();
  return (
    <TableRow>
      <TableCell colSpan={columns}>
        <Typography color="text.secondary">{translate(text)}</Typography>
      </TableCell>
    </TableRow>
  );
}
