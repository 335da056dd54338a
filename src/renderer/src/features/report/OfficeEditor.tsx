import { useEffect, useId, useState } from 'react';
import { Alert, Box, CircularProgress } from '@mui/material';
import type { SettingRow } from '@shared/api/setting';
import { AppDialog } from '@renderer/components/AppDialog';
import { AppDrawer } from '@renderer/components/AppDrawer';
import { DOCUMENT_PREVIEW_WIDTH } from '@renderer/components/DocumentPreview';
import { useT } from '@renderer/i18n/useT';
import { officeConfig, loadEditorScript, type EditorConfig } from './office';

type State = { status: 'loading' } | { status: 'none' } | { status: 'failed'; reason: string } | { status: 'ready'; config: EditorConfig; host: string };

/**
 * 在线编辑: where the plant runs its own document server (GET /api/only/office/config answers a config),
 * its editor opens in the document drawer and saving there stores a new version of the template; without
 * one, a dialog says templates are edited in an office suite and uploaded.
 */
export function OfficeEditor({ row, onClose }: { row: SettingRow; onClose: () => void }) {
  const t = useT();
  const holder = useId().replace(/:/g, '');
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let alive = true;
    officeConfig(row.id)
      .then((answer) => alive && setState(answer ? { status: 'ready', ...answer } : { status: 'none' }))
      .catch(() => alive && setState({ status: 'none' }));
    return () => void (alive = false);
  }, [row.id]);

  useEffect(() => {
    if (state.status !== 'ready') return;
    let editor: { destroyEditor?: () => void } | null = null;
    let alive = true;
    loadEditorScript(state.host)
      .then((DocsAPI) => {
        if (alive) editor = new DocsAPI.DocEditor(holder, { ...state.config, width: '100%', height: '100%' });
      })
      .catch((e: unknown) => alive && setState({ status: 'failed', reason: e instanceof Error ? e.message : String(e) }));
    // SPEC section 4: the editor is destroyed on teardown.
    return () => {
      alive = false;
      editor?.destroyEditor?.();
    };
  }, [state, holder]);

  if (state.status === 'loading') return null;
  if (state.status === 'none') {
    return (
      <AppDialog open title={t('report.noEditorTitle')} width={520} onClose={onClose} footer={false}>
        <Alert severity="info" data-testid="no-editor">{t('report.noEditor')}</Alert>
      </AppDialog>
    );
  }
  return (
    <AppDrawer open title={t('report.editorTitle', { name: row.name })} width={DOCUMENT_PREVIEW_WIDTH} footer={null} onCancel={onClose}>
      {state.status === 'failed'
        ? <Alert severity="error">{t('report.editorFailed', { reason: state.reason })}</Alert>
        : <Box id={holder} sx={{ height: 'calc(100vh - 120px)' }}><CircularProgress /></Box>}
    </AppDrawer>
  );
}
