import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { MESSAGE_KINDS, type MessageRow } from '@shared/api/message';
import { AppDialog } from '@renderer/components/AppDialog';
import type { FormField } from '@renderer/components/Form';
import { ListPage, useConfirm, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { messageApi } from './messageApi';

const KIND_OPTIONS = Object.entries(MESSAGE_KINDS).map(([value, k]) => ({ value, label: k.name }));

/** 消息中心: the user's messages, newest first; unread in bold. Opening one marks it read; 前往 follows its link. */
export default function MessageListPage() {
  const t = useT();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const filters = useListFilters();
  const [open, setOpen] = useState<MessageRow | null>(null);
  const [readOne] = messageApi.useReadMessageMutation();
  const [readAll] = messageApi.useReadAllMessagesMutation();
  const [empty] = messageApi.useEmptyMessagesMutation();

  const show = (row: MessageRow) => {
    setOpen(row);
    if (row.readFlag === 0) void readOne({ id: row.id });
  };
  const follow = (link: string) => (setOpen(null), void navigate(link));
  const fields: FormField[] = [
    { key: 'readFlag', label: t('message.readFlag'), type: 'select', options: [{ value: 0, label: t('message.unread') }, { value: 1, label: t('message.read') }] },
    { key: 'kind', label: t('message.kind'), type: 'select', options: KIND_OPTIONS },
    { key: 'keyword', label: t('message.keyword'), maxLength: 64 },
  ];
  const columns = useMemo<TableColumn<MessageRow>[]>(() => [
    {
      field: 'title', headerName: t('message.title'), flex: 1, minWidth: 160,
      renderCell: ({ row }) => (
        <Link component="button" underline="hover" onClick={() => show(row)} sx={{ fontWeight: row.readFlag === 0 ? 700 : 400, textAlign: 'left' }}>
          {row.title}
        </Link>
      ),
    },
    { field: 'content', headerName: t('message.content'), flex: 2, minWidth: 200 },
    { field: 'kind', headerName: t('message.kind'), width: 150, valueFormatter: (v: string) => MESSAGE_KINDS[v as keyof typeof MESSAGE_KINDS]?.name ?? v },
    { field: 'readFlag', headerName: t('message.readFlag'), width: 80, valueFormatter: (v: number) => t(v === 1 ? 'message.read' : 'message.unread') },
    { field: 'createdAt', headerName: t('message.createdAt'), width: 170 },
  // eslint-disable-next-line react-hooks/exhaustive-deps -- show only reads stable setters and the mutation
  ], [t]);

  const emptyRead = () => void confirm({
    title: t('message.emptyTitle'), message: t('message.emptyConfirm'), danger: true,
    action: () => empty().unwrap().then((r) => notify(t('message.emptyDone', { count: r.count }), 'success')),
  });
  const markAll = () => void readAll().unwrap().then((r) => notify(t('message.readAllDone', { count: r.count }), 'success'));

  return (
    <ListPage<MessageRow> fields={fields} filters={filters} query={messageApi.useMessagePageQuery} columns={columns}
      actions={(
        <>
          <HasPermission keys={['message:readAll']}><Button variant="contained" onClick={markAll}>{t('message.readAll')}</Button></HasPermission>
          <HasPermission keys={['message:emptyAll']}><Button color="error" variant="outlined" onClick={emptyRead}>{t('message.empty')}</Button></HasPermission>
        </>
      )}>
      <AppDialog open={!!open} title={open?.title} width={520} onClose={() => setOpen(null)}
        footer={open?.link ? <Button variant="contained" onClick={() => follow(open.link!)}>{t('message.goTo')}</Button> : false}>
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">{open?.createdAt}</Typography>
          <Box data-testid="message-content">{open?.content}</Box>
        </Stack>
      </AppDialog>
    </ListPage>
  );
}
